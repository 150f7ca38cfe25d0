import {
  commitPreviewFromLog,
  previewContents,
  secretPlaceholders,
  WITHHELD_SECRET,
} from './commitPreview';

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
