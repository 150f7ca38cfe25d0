import { diffObjects } from './diffObjects';
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
