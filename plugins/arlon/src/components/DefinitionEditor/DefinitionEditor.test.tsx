import { EditorView } from '@uiw/react-codemirror';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  DefinitionCheck,
  DefinitionSource,
} from '@arlon-backstage/plugin-arlon-common';
import { renderArlon } from '../../__testUtils__/renderArlon';
import { EditDefinitionButton } from './EditDefinitionButton';

const FILE = 'arlon/clusterspecs/docker-dev.yaml';
const YAML = `apiVersion: core.arlon.io/v1
kind: ClusterSpec
metadata:
  name: docker-dev
spec:
  provider: docker
  type: kubeadm
  kubernetesVersion: v1.30.0
  nodePools:
    - name: md-0
      machineType: kindest/node:v1.30.0
      replicas: 2
`;
const source = (over: Partial<DefinitionSource> = {}): DefinitionSource => ({
  kind: 'ClusterSpec',
  name: 'docker-dev',
  file: FILE,
  commit: '0123456789abcdef',
  yaml: YAML,
  etag: '"etag-of-the-opened-text"',
  editable: true,
  ...over,
});
const valid = (over: Partial<DefinitionCheck> = {}): DefinitionCheck => ({
  parent: '0123456789abcdef',
  valid: true,
  problems: [],
  files: [
    { path: FILE, action: 'update' },
    { path: 'generated/clusters/dev-local/cluster.yaml', action: 'update' },
    { path: 'generated/clusters/qa-1/cluster.yaml', action: 'update' },
  ],
  clusters: ['dev-local', 'qa-1'],
  ...over,
});

// jsdom lays nothing out, and has no geometry for text ranges, which
// CodeMirror measures after each update: an empty answer, as for a hidden node.
beforeAll(() => {
  const none = () => Object.assign([], { item: () => null }) as any;
  Range.prototype.getClientRects ??= none;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect(0, 0, 0, 0);
});

/** The CodeMirror view on screen. */
function editorView(): EditorView {
  const dom = document.querySelector('.cm-editor') as HTMLElement;
  const view = EditorView.findFromDOM(dom);
  if (!view) throw new Error('no editor on screen');
  return view;
}

/** What a person typing does: replaces `from` with `to` in the document. */
function type(from: string, to: string) {
  const view = editorView();
  const at = view.state.doc.toString().indexOf(from);
  act(() => {
    view.dispatch({ changes: { from: at, to: at + from.length, insert: to } });
  });
}

async function open(api: Parameters<typeof renderArlon>[1]['api']) {
  await renderArlon(
    <EditDefinitionButton kind="clusterspecs" name="docker-dev" />,
    {
      api,
    },
  );
  await userEvent.click(screen.getByRole('button', { name: 'Edit YAML' }));
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(editorView().state.doc.toString()).toBe(YAML));
  return dialog;
}

describe('DefinitionEditor', () => {
  it('checks the text as typed and shows each problem at its line; a click puts the cursor there', async () => {
    const checkDefinition = jest.fn(
      async (_k: string, _n: string, yaml: string): Promise<DefinitionCheck> =>
        yaml.includes('replicas: -1')
          ? {
              valid: false,
              files: [],
              clusters: [],
              problems: [
                {
                  file: FILE,
                  line: 12,
                  column: 7,
                  field: 'spec.nodePools[0].replicas',
                  message: 'must be 0 or more',
                  hint: 'Give a whole number of machines.',
                },
                {
                  file: 'arlon/clusters/dev-local.yaml',
                  line: 9,
                  column: 3,
                  field: 'spec.clusterSpec',
                  message: 'its spec does not validate',
                },
              ],
            }
          : valid(),
    );
    const dialog = await open({
      getDefinitionSource: async () => source(),
      checkDefinition,
    });
    // Nothing to check until the text changes.
    expect(checkDefinition).not.toHaveBeenCalled();

    type('replicas: 2', 'replicas: -1');
    const problems = await within(dialog).findByRole('list', {
      name: 'Problems',
    });
    expect(checkDefinition).toHaveBeenLastCalledWith(
      'clusterspecs',
      'docker-dev',
      YAML.replace('replicas: 2', 'replicas: -1'),
    );
    const items = within(problems).getAllByRole('listitem');
    expect(items.map(i => i.textContent)).toEqual([
      'Line 12 spec.nodePools[0].replicas: must be 0 or moreGive a whole number of machines.',
      'arlon/clusters/dev-local.yaml:9: spec.clusterSpec: its spec does not validate',
    ]);
    // Underlined in the text too, from its column to the end of its line.
    await waitFor(() =>
      expect(
        [...document.querySelectorAll('.cm-lintRange-error')].map(
          e => e.textContent,
        ),
      ).toEqual(['replicas: -1']),
    );
    expect(within(dialog).getByTestId('check-status')).toHaveTextContent(
      '2 problem(s): nothing can be committed until they are fixed.',
    );
    expect(
      within(dialog).getByRole('button', { name: 'Preview commit' }),
    ).toBeDisabled();

    // The cursor is elsewhere; the problem's line button moves it to line 12.
    act(() => editorView().dispatch({ selection: { anchor: 0 } }));
    await userEvent.click(
      within(problems).getByRole('button', { name: 'Line 12' }),
    );
    const state = editorView().state;
    expect(state.doc.lineAt(state.selection.main.head).number).toBe(12);

    // Fixed: the problems go, and the commit can be previewed.
    type('replicas: -1', 'replicas: 3');
    await waitFor(() =>
      expect(
        within(dialog).getByRole('button', { name: 'Preview commit' }),
      ).toBeEnabled(),
    );
    expect(within(dialog).queryByRole('list', { name: 'Problems' })).toBeNull();
  });

  it("previews the commit: the definition's diff, the generated files and the linked clusters, with their count", async () => {
    const dialog = await open({
      getDefinitionSource: async () => source(),
      checkDefinition: async () => valid(),
    });
    type('replicas: 2', 'replicas: 3');
    const previewButton = within(dialog).getByRole('button', {
      name: 'Preview commit',
    });
    await waitFor(() => expect(previewButton).toBeEnabled());
    await userEvent.click(previewButton);
    const preview = within(dialog).getByTestId('edit-preview');
    expect(preview).toHaveTextContent(
      'One commit of 3 file(s), planned on 0123456',
    );
    // The diff is highlighted once its highlighter has loaded (text content collapses the indent).
    await waitFor(() => expect(preview).toHaveTextContent('- replicas: 2'));
    expect(preview).toHaveTextContent('+ replicas: 3');
    expect(preview).toHaveTextContent(`--- ${FILE}`);
    const files = within(preview).getByRole('list', { name: 'Files' });
    expect(
      within(files)
        .getAllByRole('listitem')
        .map(i => i.textContent),
    ).toEqual([
      'update generated/clusters/dev-local/cluster.yaml',
      'update generated/clusters/qa-1/cluster.yaml',
    ]);
    expect(
      within(preview).getByTestId('edit-preview-clusters'),
    ).toHaveTextContent('2 cluster(s) would change: dev-local, qa-1');
    expect(
      within(preview).getByRole('link', { name: 'dev-local' }),
    ).toBeInTheDocument();
  });

  it('commits with the etag of the opened text and says which commit holds it', async () => {
    const updateDefinition = jest.fn(async () => ({
      dryRun: false,
      commit: 'fedcba9876543210',
      files: [],
    }));
    const dialog = await open({
      getDefinitionSource: async () => source(),
      checkDefinition: async () => valid(),
      updateDefinition,
    });
    type('replicas: 2', 'replicas: 3');
    await waitFor(() =>
      expect(
        within(dialog).getByRole('button', { name: 'Preview commit' }),
      ).toBeEnabled(),
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Preview commit' }),
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Commit' }),
    );
    expect(await within(dialog).findByTestId('committed')).toHaveTextContent(
      'Committed fedcba9',
    );
    expect(updateDefinition).toHaveBeenCalledWith(
      'clusterspecs',
      'docker-dev',
      YAML.replace('replicas: 2', 'replicas: 3'),
      '"etag-of-the-opened-text"',
    );
  });

  it("shows a conflict with someone else's commit as a clear error and keeps the user's text", async () => {
    const conflict = Object.assign(
      new Error('Request failed with 409 Conflict'),
      {
        name: 'ResponseError',
        statusCode: 409,
        body: {
          error: {
            name: 'ConflictError',
            message: `${FILE} changed in the fleet repository after you opened it: someone else committed to it. Nothing was written. Keep your text, reload to see their change, and apply yours again.`,
          },
        },
      },
    );
    const dialog = await open({
      getDefinitionSource: async () => source(),
      checkDefinition: async () => valid(),
      updateDefinition: async () => {
        throw conflict;
      },
    });
    type('replicas: 2', 'replicas: 5 # mine');
    await waitFor(() =>
      expect(
        within(dialog).getByRole('button', { name: 'Preview commit' }),
      ).toBeEnabled(),
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Preview commit' }),
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Commit' }),
    );
    expect(
      await within(dialog).findByTestId('commit-refused'),
    ).toHaveTextContent(
      `Not committed: ${FILE} changed in the fleet repository after you opened it: someone else committed to it.`,
    );
    expect(within(dialog).getByTestId('commit-refused')).toHaveTextContent(
      'Your text is still in the editor.',
    );
    // Back in the editor with the text as the user left it, and no second try on the stale etag.
    expect(editorView().state.doc.toString()).toBe(
      YAML.replace('replicas: 2', 'replicas: 5 # mine'),
    );
    expect(
      within(dialog).getByRole('button', { name: 'Preview commit' }),
    ).toBeDisabled();
    expect(within(dialog).queryByTestId('committed')).toBeNull();
  });

  it("reloads the file after a conflict keeping the user's text, and commits against the new head", async () => {
    const theirs = YAML.replace(
      'kubernetesVersion: v1.30.0',
      'kubernetesVersion: v1.31.0',
    );
    const getDefinitionSource = jest
      .fn()
      .mockResolvedValueOnce(source())
      .mockResolvedValueOnce(
        source({
          yaml: theirs,
          etag: '"etag-of-theirs"',
          commit: 'feedfacecafe',
        }),
      );
    const updateDefinition = jest
      .fn()
      .mockRejectedValueOnce(
        Object.assign(new Error('Request failed with 409 Conflict'), {
          statusCode: 409,
          body: {
            error: {
              message: `${FILE} changed in the fleet repository after you opened it`,
            },
          },
        }),
      )
      .mockResolvedValueOnce({
        dryRun: false,
        commit: 'abababababab',
        files: [],
      });
    const checkDefinition = jest.fn(async () => valid());
    const dialog = await open({
      getDefinitionSource,
      checkDefinition,
      updateDefinition,
    });
    const mine = YAML.replace('replicas: 2', 'replicas: 4');
    type('replicas: 2', 'replicas: 4');
    const previewButton = () =>
      within(dialog).getByRole('button', { name: 'Preview commit' });
    await waitFor(() => expect(previewButton()).toBeEnabled());
    await userEvent.click(previewButton());
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Commit' }),
    );
    await within(dialog).findByTestId('commit-refused');

    await userEvent.click(
      within(dialog).getByRole('button', {
        name: 'Reload the file, keep my text',
      }),
    );
    expect(
      await within(dialog).findByText(`${FILE} at feedfac`),
    ).toBeInTheDocument();
    expect(editorView().state.doc.toString()).toBe(mine);
    expect(within(dialog).queryByTestId('commit-refused')).toBeNull();
    // Checked again on the new head: the same text, a second check.
    await waitFor(() => expect(checkDefinition).toHaveBeenCalledTimes(2));
    // Against their version, the preview shows that the commit would undo their upgrade.
    await waitFor(() => expect(previewButton()).toBeEnabled());
    await userEvent.click(previewButton());
    const preview = within(dialog).getByTestId('edit-preview');
    await waitFor(() =>
      expect(preview).toHaveTextContent('- kubernetesVersion: v1.31.0'),
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Commit' }),
    );
    expect(await within(dialog).findByTestId('committed')).toHaveTextContent(
      'Committed abababa',
    );
    expect(updateDefinition).toHaveBeenLastCalledWith(
      'clusterspecs',
      'docker-dev',
      mine,
      '"etag-of-theirs"',
    );
  });

  it('is read-only, with the reason, for a user who may not update the definition', async () => {
    const checkDefinition = jest.fn(async () => valid());
    const dialog = await open({
      getDefinitionSource: async () =>
        source({
          editable: false,
          readOnlyReason:
            'You may not update ClusterSpec "docker-dev" (owner group:default/platform): it needs permission arlon.definition.update; ask an owner or an Arlon admin',
        }),
      checkDefinition,
    });
    expect(within(dialog).getByTestId('read-only-reason')).toHaveTextContent(
      'Read-only: You may not update ClusterSpec "docker-dev" (owner group:default/platform): it needs permission arlon.definition.update',
    );
    const view = editorView();
    expect(view.state.readOnly).toBe(true);
    expect(view.contentDOM.getAttribute('contenteditable')).toBe('false');
    expect(
      within(dialog).queryByRole('button', { name: 'Preview commit' }),
    ).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Commit' })).toBeNull();
    expect(checkDefinition).not.toHaveBeenCalled();
  });
});
