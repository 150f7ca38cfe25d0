import {
  commitPreviewFromLog,
  previewContents,
  problemOfRefusedDryRun,
  secretPlaceholders,
  WITHHELD_SECRET,
} from './commitPreview';

/** What the scaffolder client raises for a dry run answered with an error. */
const responseError = (name: string, message: string) =>
  Object.assign(new Error('Request failed with 400 Bad Request'), {
    body: { error: { name, message } },
  });

describe('problemOfRefusedDryRun', () => {
  it("is the refusing step's own message: validation, permission, conflict", () => {
    const message =
      'bundles/x/manifests.yaml:1:1: a Kubernetes object needs apiVersion, metadata.name';
    expect(problemOfRefusedDryRun(responseError('InputError', message))).toBe(
      message,
    );
    expect(
      problemOfRefusedDryRun(
        responseError('NotAllowedError', 'You may not write bundles'),
      ),
    ).toBe('You may not write bundles');
    expect(
      problemOfRefusedDryRun(responseError('ConflictError', 'x exists')),
    ).toBe('x exists');
  });

  it('is nothing for failures that are not about the answers', () => {
    expect(
      problemOfRefusedDryRun(responseError('Error', 'socket hang up')),
    ).toBeUndefined();
    expect(problemOfRefusedDryRun(new Error('offline'))).toBeUndefined();
    expect(problemOfRefusedDryRun(undefined)).toBeUndefined();
    expect(problemOfRefusedDryRun(responseError('InputError', ''))).toBe(
      undefined,
    );
  });
});

describe('commitPreviewFromLog', () => {
  it('collects the files the actions would write, without colours or levels', () => {
    expect(
      commitPreviewFromLog([
        {
          body: {
            message:
              'Beginning step Commit the cluster to the fleet repository',
          },
        },
        {
          body: {
            message:
              '\u001b[32minfo\u001b[39m: create arlon/clusters/qa-1.yaml',
          },
        },
        {
          body: {
            message: 'info: create generated/clusters/qa-1/cluster.yaml',
          },
        },
        {
          body: {
            message: 'Finished step Commit the cluster',
            status: 'completed',
          },
        },
      ]),
    ).toEqual({
      files: [
        'create arlon/clusters/qa-1.yaml',
        'create generated/clusters/qa-1/cluster.yaml',
      ],
    });
  });

  it('reports the error of a step that would fail', () => {
    expect(
      commitPreviewFromLog([
        {
          body: {
            message:
              'Error: The fleet repository would have problems; nothing was written:\narlon/clusters/Bad.yaml:4:3: metadata.name must be lower-case',
          },
        },
        { body: { message: 'Failed', status: 'failed' } },
      ]),
    ).toEqual({
      files: [],
      problem:
        'The fleet repository would have problems; nothing was written:\narlon/clusters/Bad.yaml:4:3: metadata.name must be lower-case',
    });
  });
});

describe('secretPlaceholders', () => {
  it('withholds every Secret field, in conditional branches too, and nothing else', () => {
    const parameters = [
      {
        properties: {
          name: { type: 'string' },
          source: { enum: ['kubeconfig', 'argocd'] },
        },
        dependencies: {
          source: {
            oneOf: [
              {
                properties: {
                  kubeconfig: { type: 'string', 'ui:field': 'Secret' },
                },
              },
              { properties: { argocdCluster: { type: 'string' } } },
            ],
          },
        },
      },
      { properties: { token: { 'ui:field': 'Secret' } } },
    ];
    expect(secretPlaceholders(parameters)).toEqual({
      kubeconfig: WITHHELD_SECRET,
      token: WITHHELD_SECRET,
    });
    expect(secretPlaceholders(undefined)).toEqual({});
  });
});

describe('previewContents', () => {
  it('decodes each file of the dry run workspace as UTF-8 text', () => {
    const text = 'metadata:\n  name: qa-1\n  # été → prod\n';
    expect(
      previewContents([
        {
          path: 'arlon/clusters/qa-1.yaml',
          base64Content: Buffer.from(text, 'utf8').toString('base64'),
        },
      ]),
    ).toEqual({ 'arlon/clusters/qa-1.yaml': text });
    expect(previewContents(undefined)).toEqual({});
  });
});
