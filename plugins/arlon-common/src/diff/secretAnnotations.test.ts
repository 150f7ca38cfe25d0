import { diffObjects } from './diffObjects';
import { exportDiffReport, parseDiffReportFile } from './report';
import { LAST_APPLIED } from './secretAnnotations';
import { makeReport, section } from './sections';
import { unmaskedSecrets } from './unmaskedSecrets';

const PLAIN = 'hunter2-plaintext';
const BASE64 = Buffer.from(PLAIN).toString('base64');
const options = { defaultNamespace: 'apps', isNamespaced: () => true };

/** A Secret as the API server returns one `kubectl apply` made: its values copied into the annotation. */
function applied(name: string, value = BASE64) {
  const manifest = {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name, namespace: 'apps' },
    stringData: { password: PLAIN },
  };
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: {
      name,
      namespace: 'apps',
      uid: 'u',
      annotations: {
        [LAST_APPLIED]: `${JSON.stringify(manifest)}\n`,
        'example.com/copy': JSON.stringify({ data: { password: value } }),
      },
    },
    type: 'Opaque',
    data: { password: value },
  };
}

const reportOf = (objects: ReturnType<typeof diffObjects>) =>
  makeReport(
    { kind: 'cluster', name: 'a' },
    { kind: 'cluster', name: 'b' },
    [section({ title: 'a → b', method: 'exact', notes: [], objects })],
    new Date('2026-12-02T00:00:00Z'),
  );

const leaks = (value: unknown) => {
  const text = JSON.stringify(value);
  return [PLAIN, BASE64].filter(s => text.includes(s));
};

describe('Secret values copied into annotations', () => {
  it('never show in a diff: live against live (update, create, delete)', () => {
    const other = applied('db', Buffer.from('other').toString('base64'));
    const objects = diffObjects(
      [other, applied('only-left')],
      [applied('db'), applied('only-right')],
      { ...options, exact: true, prune: true },
    );
    expect(objects.map(o => [o.name, o.action])).toEqual([
      ['db', 'update'],
      ['only-left', 'create'],
      ['only-right', 'delete'],
    ]);
    expect(leaks(objects)).toEqual([]);
    expect(unmaskedSecrets(reportOf(objects))).toEqual([]);
  });

  it('are bookkeeping, not a difference: two clusters applied from different manifests compare equal', () => {
    // The same Secret on both, applied by kubectl from differently written files.
    const left = applied('db');
    const right = applied('db');
    right.metadata.annotations[LAST_APPLIED] = JSON.stringify({
      kind: 'Secret',
      apiVersion: 'v1',
      metadata: { namespace: 'apps', name: 'db' },
      data: { password: BASE64 },
    });
    const [object] = diffObjects([left], [right], {
      ...options,
      exact: true,
    });
    expect(object.changes.map(c => c.path)).toEqual([]);
  });

  it('stay masked even where normalisation would keep the annotation', () => {
    // Desired sets the annotation itself: the change is under metadata.
    const desired = applied('db');
    desired.metadata.annotations['example.com/copy'] = JSON.stringify({
      data: { password: Buffer.from('new').toString('base64') },
    });
    const objects = diffObjects([desired], [applied('db')], options);
    expect(objects[0].action).toBe('update');
    expect(objects[0].changes.map(c => c.path)).toEqual([
      'metadata.annotations.example.com/copy',
    ]);
    expect(JSON.stringify(objects)).not.toContain('password');
    expect(unmaskedSecrets(reportOf(objects))).toEqual([]);
  });

  it('make a report refused on import when a change shows them', () => {
    const report = reportOf(
      diffObjects([], [applied('db')], { ...options, prune: true }),
    );
    const object = report.sections[0].objects[0];
    object.changes = [
      {
        path: '',
        kind: 'removed',
        from: applied('db'),
      },
    ];
    const parsed = parseDiffReportFile(
      JSON.parse(JSON.stringify(exportDiffReport(report))),
    );
    expect(parsed).toEqual({
      problems: [
        `sections.0.objects.0 (Secret apps/db): change data is not masked`,
        `sections.0.objects.0 (Secret apps/db): change metadata.annotations.${LAST_APPLIED} is not masked`,
        `sections.0.objects.0 (Secret apps/db): change metadata.annotations.example.com/copy is not masked`,
      ],
    });
  });

  const metadata = applied('db').metadata;
  it.each([
    [
      'the annotation itself',
      `metadata.annotations.${LAST_APPLIED}`,
      metadata.annotations[LAST_APPLIED],
    ],
    ['its map', 'metadata.annotations', metadata.annotations],
    ['the metadata', 'metadata', metadata],
  ])('make a report refused when a change of %s shows them', (_, path, to) => {
    const report = reportOf(diffObjects([], [], options));
    report.sections[0].objects.push({
      key: '/Secret/apps/db',
      group: '',
      kind: 'Secret',
      namespace: 'apps',
      name: 'db',
      action: 'update',
      changes: [
        {
          path,
          kind: 'changed',
          from: 'x',
          to,
        },
      ],
      unified: '',
    });
    expect(unmaskedSecrets(report)).toContainEqual(
      `sections.0.objects.0 (Secret apps/db): change metadata.annotations.${LAST_APPLIED} is not masked`,
    );
  });

  it.each([
    [
      'a block scalar',
      `+metadata:\n+  annotations:\n+    ${LAST_APPLIED}: |\n+      {"apiVersion":"v1","kind":"Secret","stringData":{"password":"${PLAIN}"}}\n`,
      [`metadata.annotations.${LAST_APPLIED}`, 'metadata.annotations'],
    ],
    [
      'a quoted string',
      `-    ${LAST_APPLIED}: '{"data":{"password":"${BASE64}"}}'\n`,
      [`metadata.annotations.${LAST_APPLIED}`],
    ],
    [
      'another annotation',
      ` metadata:\n   annotations:\n-    example.com/copy: '{"data":{"password":"${BASE64}"}}'\n`,
      ['metadata.annotations'],
    ],
  ])(
    'make a report refused when its unified diff shows them in %s',
    (_, unified, fields) => {
      const report = reportOf([]);
      report.sections[0].objects.push({
        key: '/Secret/apps/db',
        group: '',
        kind: 'Secret',
        namespace: 'apps',
        name: 'db',
        action: 'update',
        changes: [],
        unified: `--- live/db\n+++ desired/db\n@@ -1,3 +1,3 @@\n${unified}`,
      });
      expect(unmaskedSecrets(report)).toEqual(
        fields.map(
          f => `sections.0.objects.0 (Secret apps/db): ${f} is not masked`,
        ),
      );
    },
  );

  it('let a masked annotation and JSON without Secret fields through', () => {
    const report = reportOf([]);
    report.sections[0].objects.push({
      key: '/Secret/apps/db',
      group: '',
      kind: 'Secret',
      namespace: 'apps',
      name: 'db',
      action: 'update',
      changes: [
        {
          path: `metadata.annotations.${LAST_APPLIED}`,
          kind: 'changed',
          from: '*** (masked)',
          to: '*** (masked)',
        },
      ],
      unified: `--- a\n+++ b\n@@ -1 +1 @@\n-    ${LAST_APPLIED}: "*** (masked)"\n+    example.com/meta: '{"owner":"team-a"}'\n`,
    });
    expect(unmaskedSecrets(report)).toEqual([]);
  });
});
