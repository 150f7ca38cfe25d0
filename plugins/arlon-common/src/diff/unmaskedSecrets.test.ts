import { diffObjects, type ObjectDiff } from './diffObjects';
import { parseDiffReportFile, exportDiffReport } from './report';
import { makeReport, section } from './sections';
import { unmaskedSecrets } from './unmaskedSecrets';

const options = { defaultNamespace: 'apps', isNamespaced: () => true };
const secret = (name: string, fields: object) => ({
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: { name, namespace: 'apps' },
  ...fields,
});

/** A report as Arlon makes it: a Secret changed, one created, one deleted, one multi-line. */
function arlonReport() {
  const objects = diffObjects(
    [
      secret('db', { data: { password: 'bmV3', user: 'YWRtaW4=' } }),
      secret('tls', {
        stringData: { 'tls.crt': '-----BEGIN\nabc\n-----END\n' },
      }),
    ],
    [
      secret('db', { data: { password: 'b2xk', user: 'YWRtaW4=' } }),
      secret('old', { data: { token: 'c2VjcmV0' } }),
    ],
    { ...options, prune: true },
  );
  return makeReport(
    { kind: 'bundle', name: 'db' },
    { kind: 'cluster', name: 'prod' },
    [section({ title: 'prod', method: 'client-side', notes: [], objects })],
    new Date('2026-12-02T00:00:00Z'),
  );
}

describe('unmaskedSecrets', () => {
  it('finds nothing in a report Arlon made, whatever its Secrets did', () => {
    const report = arlonReport();
    expect(report.summary).toMatchObject({ create: 1, update: 1, delete: 1 });
    expect(unmaskedSecrets(report)).toEqual([]);
  });

  it('names each Secret value a tampered report shows, in its changes and its diff', () => {
    const report = arlonReport();
    const db = report.sections[0].objects.findIndex(o => o.name === 'db');
    const object = report.sections[0].objects[db];
    object.changes = object.changes.map(c => ({ ...c, to: 'hunter2' }));
    object.unified = object.unified.replace(
      /password: .*/g,
      'password: aHVudGVyMg==',
    );
    const tls = report.sections[0].objects.find(o => o.name === 'tls')!;
    tls.unified = tls.unified.replace(
      /tls\.crt: .*/,
      'tls.crt: |\n+    -----BEGIN',
    );
    expect(unmaskedSecrets(report)).toEqual([
      `sections.0.objects.${db} (Secret apps/db): change data.password is not masked`,
      `sections.0.objects.${db} (Secret apps/db): data.password is not masked`,
      `sections.0.objects.${report.sections[0].objects.indexOf(
        tls,
      )} (Secret apps/tls): data.tls.crt is not masked`,
    ]);
  });

  it('makes an import refuse such a file, saying where', () => {
    const file: any = exportDiffReport(arlonReport());
    const object = file.sections[0].objects.find((o: any) => o.name === 'old');
    object.unified = object.unified.replace(/token: .*/, 'token: c2VjcmV0');
    expect(parseDiffReportFile(JSON.parse(JSON.stringify(file)))).toEqual({
      problems: [
        expect.stringMatching(
          /^sections\.0\.objects\.\d \(Secret apps\/old\): data\.token is not masked$/,
        ),
      ],
    });
  });
});

describe('unmaskedSecrets in reports made elsewhere', () => {
  const PLAIN = 'aHVudGVy';
  const MASK = '*** (masked)';
  const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
  /** A report holding the given objects, as an imported file would. */
  const reportWith = (...objects: Array<Partial<ObjectDiff>>) => {
    const report = arlonReport();
    report.sections[0].objects = objects.map(o => ({
      key: `/${o.kind ?? 'Secret'}/apps/${o.name ?? 'db'}`,
      group: '',
      kind: 'Secret',
      namespace: 'apps',
      name: 'db',
      action: 'update',
      changes: [],
      unified: '',
      ...o,
    }));
    return report;
  };
  const hunk = (lines: string) =>
    `--- live/db\n+++ desired/db\n@@ -1,3 +1,3 @@\n${lines}`;

  it('scans Secrets only: a ConfigMap shows its values by design', () => {
    expect(
      unmaskedSecrets(
        reportWith({
          kind: 'ConfigMap',
          name: 'settings',
          changes: [
            { path: 'data.password', kind: 'changed', from: 'a', to: 'b' },
          ],
          unified: hunk('-data:\n-  password: a\n+data:\n+  password: b\n'),
        }),
      ),
    ).toEqual([]);
  });

  it('names a Secret without a namespace by its name alone', () => {
    expect(
      unmaskedSecrets(
        reportWith({
          namespace: undefined,
          changes: [{ path: 'data.token', kind: 'added', to: PLAIN }],
        }),
      ),
    ).toEqual([
      'sections.0.objects.0 (Secret db): change data.token is not masked',
    ]);
  });

  it('lets a masked value added to or removed from a Secret through', () => {
    const added = arlonReport();
    const objects = diffObjects(
      [secret('db', { data: { password: 'bmV3', token: 'c2VjcmV0' } })],
      [secret('db', { data: { password: 'bmV3', old: 'b2xk' } })],
      { ...options, exact: true },
    );
    expect(objects[0].changes.map(c => [c.path, c.kind])).toEqual([
      ['data.token', 'added'],
      ['data.old', 'removed'],
    ]);
    added.sections[0].objects = objects;
    expect(unmaskedSecrets(added)).toEqual([]);
  });

  it('finds stringData in a whole-object change', () => {
    expect(
      unmaskedSecrets(
        reportWith({
          action: 'create',
          changes: [
            {
              path: '',
              kind: 'added',
              to: { kind: 'Secret', stringData: { password: 'hunter2' } },
            },
          ],
        }),
      ),
    ).toEqual([
      'sections.0.objects.0 (Secret apps/db): change stringData is not masked',
    ]);
  });

  it('finds a data map with one value masked and one not', () => {
    expect(
      unmaskedSecrets(
        reportWith({
          changes: [
            {
              path: 'data',
              kind: 'changed',
              from: { user: MASK, password: MASK },
              to: { user: MASK, password: PLAIN },
            },
          ],
        }),
      ),
    ).toEqual([
      'sections.0.objects.0 (Secret apps/db): change data is not masked',
    ]);
  });

  it('finds the last-applied annotation written as an object instead of text', () => {
    expect(
      unmaskedSecrets(
        reportWith({
          changes: [
            {
              path: `metadata.annotations.${LAST_APPLIED}`,
              kind: 'added',
              to: { data: { password: PLAIN } },
            },
          ],
        }),
      ),
    ).toEqual([
      `sections.0.objects.0 (Secret apps/db): change metadata.annotations.${LAST_APPLIED} is not masked`,
    ]);
  });

  it('takes metadata that is missing or has null annotations without failing', () => {
    expect(
      unmaskedSecrets(
        reportWith({
          action: 'delete',
          changes: [
            {
              path: '',
              kind: 'removed',
              from: { kind: 'Secret', data: { p: MASK } },
            },
            {
              path: 'metadata',
              kind: 'changed',
              from: { name: 'db', annotations: null },
              to: { name: 'db' },
            },
          ],
        }),
      ),
    ).toEqual([]);
  });

  it('finds a PEM value even though its line holds dashes like a diff header', () => {
    const pem = '-----BEGIN CERTIFICATE-----';
    expect(
      unmaskedSecrets(
        reportWith({
          unified: hunk(
            ` stringData:\n+  tls.crt: ${pem}\n metadata:\n+  annotations:\n+    example.com/copy: '{"stringData":{"tls.crt":"${pem}"}}'\n`,
          ),
        }),
      ),
    ).toEqual([
      'sections.0.objects.0 (Secret apps/db): stringData.tls.crt is not masked',
      'sections.0.objects.0 (Secret apps/db): metadata.annotations is not masked',
    ]);
  });

  it('finds a value in a second hunk of the same data block', () => {
    const keys = Object.fromEntries(
      'abcdefghijkl'.split('').map(k => [k, 'bmV3']),
    );
    const objects = diffObjects(
      [secret('db', { data: { ...keys, a: 'eA==', l: 'eA==' } })],
      [secret('db', { data: keys })],
      options,
    );
    const report = arlonReport();
    report.sections[0].objects = objects;
    expect(objects[0].unified.match(/^@@/gm)).toHaveLength(2);
    expect(unmaskedSecrets(report)).toEqual([]);
    objects[0].unified = objects[0].unified.replace(
      /^\+ {2}l: .*$/m,
      `+  l: ${PLAIN}`,
    );
    expect(unmaskedSecrets(report)).toEqual([
      'sections.0.objects.0 (Secret apps/db): data.l is not masked',
    ]);
  });

  it.each([
    ['an inline map', '+data: {"password":"aHVudGVy"}\n', ['data']],
    ['an empty inline map', '+data: {}\n', []],
    ['a value without a key', '+data:\n+    aHVudGVy\n', ['data.(value)']],
    ['an entry that is not a key', '+data:\n+  aHVudGVy\n', ['data.(value)']],
    [
      'a flow map with one value masked',
      `+data:\n+  {user: "${MASK}", password: ${PLAIN}}\n`,
      ['data.user'],
    ],
  ])('reads a unified diff whose data is %s', (_, lines, fields) => {
    expect(unmaskedSecrets(reportWith({ unified: hunk(lines) }))).toEqual(
      fields.map(
        f => `sections.0.objects.0 (Secret apps/db): ${f} is not masked`,
      ),
    );
  });
});
