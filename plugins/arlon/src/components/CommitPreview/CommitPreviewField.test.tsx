import { renderInTestApp } from '@backstage/frontend-test-utils';
import { catalogApiRef } from '@backstage/plugin-catalog-react';
import { scaffolderApiRef } from '@backstage/plugin-scaffolder-react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CommitPreviewField } from './CommitPreviewField';

const template = {
  apiVersion: 'scaffolder.backstage.io/v1beta3',
  kind: 'Template',
  metadata: { name: 'arlon-create-cluster' },
  spec: {},
};

function render(
  dryRunLog: object[],
  formData: object,
  directoryContents: object[] = [],
) {
  const dryRun = jest.fn(async () => ({
    log: dryRunLog,
    directoryContents,
    steps: [],
    output: {},
  }));
  const getEntityByRef = jest.fn(async () => template);
  window.history.pushState(
    {},
    '',
    '/create/templates/default/arlon-create-cluster',
  );
  const props: any = {
    schema: { title: 'What will be committed' },
    formContext: { formData },
    uiSchema: {},
    onChange: () => {},
  };
  return {
    dryRun,
    getEntityByRef,
    rendered: renderInTestApp(<CommitPreviewField {...props} />, {
      apis: [
        [catalogApiRef, { getEntityByRef } as any],
        [scaffolderApiRef, { dryRun } as any],
      ],
    }),
  };
}

describe('CommitPreviewField', () => {
  it('runs the template in a dry run with the answers so far and lists the files it would commit', async () => {
    const { dryRun, getEntityByRef } = render(
      [{ body: { message: 'info: create arlon/clusters/qa-1.yaml' } }],
      {
        name: 'qa-1',
        clusterSpec: 'resource:default/clusterspec-docker-dev',
        preview: undefined,
      },
    );
    expect(
      await screen.findByText('create arlon/clusters/qa-1.yaml'),
    ).toBeInTheDocument();
    expect(getEntityByRef).toHaveBeenCalledWith(
      'template:default/arlon-create-cluster',
    );
    expect(dryRun).toHaveBeenCalledWith({
      template,
      values: {
        name: 'qa-1',
        clusterSpec: 'resource:default/clusterspec-docker-dev',
      },
      secrets: {},
      directoryContents: [],
    });
  });

  it('opens a definition to the text it would commit', async () => {
    const definition =
      'apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: qa-1\n';
    render(
      [
        {
          body: {
            message:
              'create arlon/clusters/qa-1.yaml\ncreate generated/clusters/qa-1/cluster.yaml',
          },
        },
      ],
      { name: 'qa-1' },
      [
        {
          path: 'arlon/clusters/qa-1.yaml',
          base64Content: btoa(definition),
          executable: false,
        },
      ],
    );
    const file = await screen.findByText('create arlon/clusters/qa-1.yaml');
    await userEvent.click(file);
    expect(file.closest('details')).toHaveAttribute('open');
    expect(file.closest('details')!.querySelector('pre')).toHaveTextContent(
      'kind: Cluster metadata: name: qa-1',
    );
    // Generated files follow from the definitions: listed, not opened.
    expect(
      screen
        .getByText('create generated/clusters/qa-1/cluster.yaml')
        .closest('details'),
    ).toBeNull();
  });

  it('shows the problem that would stop the template', async () => {
    render(
      [
        {
          body: {
            message:
              'Error: The fleet repository would have problems; nothing was written:\narlon/clusters/Bad.yaml:4:3: bad name',
          },
        },
      ],
      { name: 'Bad' },
    );
    expect(
      await screen.findByText(/arlon\/clusters\/Bad.yaml:4:3: bad name/),
    ).toBeInTheDocument();
  });

  it("shows the refusing step's message when the scaffolder answers the dry run with an error", async () => {
    // A step's InputError comes back as a 400 with the error as JSON, not as a failed log.
    const refused = Object.assign(
      new Error('Request failed with 400 Bad Request'),
      {
        body: {
          error: {
            name: 'InputError',
            message:
              'bundles/broken/manifests.yaml:1:1: a Kubernetes object needs apiVersion, metadata.name',
          },
        },
      },
    );
    const { dryRun } = render([], { name: 'broken' });
    dryRun.mockRejectedValue(refused);
    expect(
      await screen.findByText(
        'bundles/broken/manifests.yaml:1:1: a Kubernetes object needs apiVersion, metadata.name',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Cannot preview/)).not.toBeInTheDocument();
  });

  it('says when there is nothing to commit', async () => {
    render(
      [
        {
          body: {
            message:
              'The fleet repository already says this: nothing to commit',
          },
        },
      ],
      { name: 'qa-1' },
    );
    expect(
      await screen.findByText(
        'Nothing: the fleet repository already says this.',
      ),
    ).toBeInTheDocument();
  });
});
