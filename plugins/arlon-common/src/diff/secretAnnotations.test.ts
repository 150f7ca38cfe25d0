import { diffObjects } from './diffObjects';
import { exportDiffReport, parseDiffReportFile } from './report';
import {
  annotationShowsSecret,
  jsonShowsSecret,
  LAST_APPLIED,
  maskSecretAnnotations,
} from './secretAnnotations';
import { MASK_CHANGED, MASK_TEXT } from './unifiedDiff';
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

describe('which annotations show a Secret value', () => {
  const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
  it.each([
    ['a copy with data', JSON.stringify({ data: { password: BASE64 } })],
    [
      'a copy with stringData',
      JSON.stringify({ stringData: { 'tls.crt': pem } }),
    ],
    [
      'a copy written with a space before the colon',
      `{ "data" : { "password": "${BASE64}" } }`,
    ],
    [
      'a copy with one value masked and one not',
      JSON.stringify({ data: { user: MASK_TEXT, password: BASE64 } }),
    ],
    [
      'a copy cut short (unparsable JSON naming data)',
      `{"data":{"password":"${BASE64}"`,
    ],
    ['a copy whose data is not a map', JSON.stringify({ data: 1 })],
    ['a copy whose data is empty text', JSON.stringify({ data: '' })],
  ])('%s', (_, value) => {
    expect(jsonShowsSecret(value)).toBe(true);
    expect(annotationShowsSecret('example.com/copy', value)).toBe(true);
  });

  it.each([
    ['an ordinary annotation', 'team-a'],
    ['JSON without Secret fields', JSON.stringify({ owner: 'team-a' })],
    [
      'a copy with every value masked',
      JSON.stringify({ data: { user: MASK_TEXT, password: MASK_CHANGED } }),
    ],
    [
      'a copy with data and stringData masked',
      JSON.stringify({
        data: { password: MASK_TEXT },
        stringData: { token: MASK_CHANGED },
      }),
    ],
    ['the mask itself', MASK_TEXT],
  ])('not %s', (_, value) => {
    expect(annotationShowsSecret('example.com/copy', value)).toBe(false);
  });

  it('a value that is not text, in a tampered report, shows nothing unless it is the last-applied copy', () => {
    expect(annotationShowsSecret('example.com/replicas', 3)).toBe(false);
    expect(
      annotationShowsSecret(LAST_APPLIED, { data: { password: BASE64 } }),
    ).toBe(true);
  });

  it("kubectl's last-applied copy counts whatever it holds, unless masked", () => {
    // An empty Secret a controller fills later: no data yet, but the next
    // apply copies whatever the manifest has, so it is never shown.
    const empty = JSON.stringify({
      apiVersion: 'v1',
      kind: 'Secret',
      type: 'Opaque',
    });
    expect(annotationShowsSecret(LAST_APPLIED, empty)).toBe(true);
    expect(annotationShowsSecret(LAST_APPLIED, MASK_TEXT)).toBe(false);
  });
});

describe('maskSecretAnnotations', () => {
  it('masks only the annotations that show values, keeping everything else', () => {
    const base = applied('db');
    const secret = {
      ...base,
      metadata: {
        ...base.metadata,
        annotations: {
          ...base.metadata.annotations,
          'example.com/owner': 'team-a',
        },
      },
    };
    expect(maskSecretAnnotations(secret)).toEqual({
      ...secret,
      metadata: {
        ...secret.metadata,
        annotations: {
          [LAST_APPLIED]: MASK_TEXT,
          'example.com/copy': MASK_TEXT,
          'example.com/owner': 'team-a',
        },
      },
    });
    // The input is left as it was.
    expect(secret.metadata.annotations[LAST_APPLIED]).toContain(PLAIN);
  });

  it('returns a Secret with nothing to hide as it is', () => {
    const secret = {
      kind: 'Secret',
      metadata: { name: 'db', annotations: { 'example.com/owner': 'team-a' } },
      data: { password: MASK_TEXT },
    };
    expect(maskSecretAnnotations(secret)).toBe(secret);
  });

  it('leaves other kinds alone: a ConfigMap shows its values by design', () => {
    const configMap = { ...applied('settings'), kind: 'ConfigMap' };
    expect(maskSecretAnnotations(configMap)).toBe(configMap);
  });

  it('takes a Secret without metadata or annotations, and no object at all', () => {
    const bare = { kind: 'Secret', data: { password: BASE64 } };
    expect(maskSecretAnnotations(bare)).toBe(bare);
    const unannotated = { kind: 'Secret', metadata: { name: 'db' } };
    expect(maskSecretAnnotations(unannotated)).toBe(unannotated);
    expect(maskSecretAnnotations(undefined)).toBeUndefined();
    expect(maskSecretAnnotations(null)).toBeNull();
  });
});
