import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { KubeObject } from '../providers/renderCluster';
import { placeInNamespace, Rendered } from '../render/renderBundle';
import { compareFiles } from './compareFiles';
import { documentObjects } from './listItems';

/** A fixture's objects as `arlon diff` reads a file: Lists expanded, namespace `web` where none is named. */
function readFixture(name: string, edit = (text: string) => text): Rendered {
  const file = path.join(__dirname, '__fixtures__', name);
  const text = edit(fs.readFileSync(file, 'utf8'));
  const objects = parseAllDocuments(text).flatMap(
    doc => documentObjects(doc.toJS(), name) as KubeObject[],
  );
  return {
    objects: placeInNamespace(objects, 'web').map(object => ({
      bundle: name,
      object,
    })),
    notes: [],
  };
}

const live = () => readFixture('web-live.yaml');
const desired = (edit?: (text: string) => string) =>
  readFixture('web-desired.yaml', edit);

describe('compareFiles with a saved `kubectl get -o yaml` (issue 18)', () => {
  it('finds no change when only server metadata, status and API server defaults differ', () => {
    const section = compareFiles('saved → desired', live(), desired());
    expect(section.method).toBe('client-side');
    expect(section.summary).toEqual({
      create: 0,
      update: 0,
      delete: 0,
      unchanged: 3,
    });
    expect(section.objects.map(o => o.key)).toEqual([
      '/ConfigMap/web/web-settings',
      '/Service/web/web',
      'apps/Deployment/web/web',
    ]);
    expect(section.notes).toEqual([
      expect.stringContaining(
        'the left side carries server metadata (uid, resourceVersion, managedFields, creationTimestamp): it is compared as live state',
      ),
      '1 object(s) only in the live state are not compared: the other side does not name them (a pre-flight never deletes what it does not name)',
      // The defaults the three-way rule left out are named, not dropped silently.
      expect.stringMatching(
        /^fields only the left side has are not counted as changes: \/Service\/web\/web: spec\.ports\[port=80,name=http\]\.protocol, spec\.clusterIP, .*apps\/Deployment\/web\/web: .*\(and \d+ more\)\. From a cluster these are API server defaults/,
      ),
    ]);
  });

  it('finds no change for the empty fields a generated manifest writes and the server leaves out', () => {
    // `kubectl create deployment --dry-run=client -o yaml` writes these.
    const section = compareFiles(
      'saved → desired',
      live(),
      desired(t =>
        t
          .replace(
            '    metadata:\n      labels:\n        app: web\n    spec:\n',
            '    metadata:\n      creationTimestamp: null\n      annotations: {}\n      labels:\n        app: web\n    spec:\n',
          )
          .replace(
            '          envFrom:',
            '          args: []\n          envFrom:',
          ),
      ),
    );
    expect(section.summary.unchanged).toBe(3);
  });

  it('reports exactly the one field a manifest changes', () => {
    const section = compareFiles(
      'saved → desired',
      live(),
      desired(t => t.replace('image: nginx:1.27', 'image: nginx:1.28')),
    );
    expect(section.summary).toEqual({
      create: 0,
      update: 1,
      delete: 0,
      unchanged: 2,
    });
    const [update] = section.objects.filter(o => o.action === 'update');
    expect(update.key).toBe('apps/Deployment/web/web');
    expect(update.bundle).toBe('web-desired.yaml');
    expect(update.changes).toEqual([
      {
        path: 'spec.template.spec.containers[name=web].image',
        kind: 'changed',
        from: 'nginx:1.27',
        to: 'nginx:1.28',
      },
    ]);
    // The text diff shows the image, and none of the defaults or quantities.
    const changed = update.unified.split('\n').filter(l => /^[-+] /.test(l));
    expect(changed).toEqual([
      '-          image: nginx:1.27',
      '+          image: nginx:1.28',
    ]);
  });

  it('reports a ConfigMap value that merely reads as the same number', () => {
    const section = compareFiles(
      'saved → desired',
      live(),
      desired(t => t.replace("appVersion: '1.10'", "appVersion: '1.1'")),
    );
    expect(section.objects.find(o => o.kind === 'ConfigMap')!.changes).toEqual([
      { path: 'data.appVersion', kind: 'changed', from: '1.10', to: '1.1' },
    ]);
  });

  it('reports a quantity that changes its value, not its spelling', () => {
    const section = compareFiles(
      'saved → desired',
      live(),
      desired(t => t.replace('sizeLimit: 0.5Gi', 'sizeLimit: 1Gi')),
    );
    expect(section.objects.flatMap(o => o.changes)).toEqual([
      {
        path: 'spec.template.spec.volumes[name=cache].emptyDir.sizeLimit',
        kind: 'changed',
        from: '512Mi',
        to: '1Gi',
      },
    ]);
  });

  it('reports a field the last-applied configuration had and the manifest dropped as removed', () => {
    const section = compareFiles(
      'saved → desired',
      live(),
      desired(t => t.replace('  replicas: 2\n', '')),
    );
    expect(section.objects.flatMap(o => o.changes)).toEqual([
      { path: 'spec.replicas', kind: 'removed', from: 2 },
    ]);
  });

  it('reads changes from the live side whichever side it is on', () => {
    const section = compareFiles(
      'desired → saved',
      desired(t => t.replace('image: nginx:1.27', 'image: nginx:1.28')),
      live(),
    );
    expect(section.method).toBe('client-side');
    expect(section.notes[0]).toContain(
      'the right side carries server metadata',
    );
    expect(section.objects.flatMap(o => o.changes)).toEqual([
      {
        path: 'spec.template.spec.containers[name=web].image',
        kind: 'changed',
        from: 'nginx:1.27',
        to: 'nginx:1.28',
      },
    ]);
  });

  it('compares the same manifests field by field, defaults counting, when neither side is live', () => {
    const asManifests = readFixture('web-live.yaml', t =>
      t
        .replace(/^ {4}(uid|resourceVersion|creationTimestamp): .*\n/gm, '')
        .replace(/^ {4}managedFields:\n(?: {4}[- ].*\n)+/gm, ''),
    );
    const section = compareFiles('a → b', asManifests, desired());
    expect(section.method).toBe('exact');
    // Only the ConfigMap, which the server gives no defaults, is unchanged.
    expect(section.objects.map(o => [o.key, o.action])).toEqual([
      ['/ConfigMap/web/kube-root-ca.crt', 'delete'],
      ['/ConfigMap/web/web-settings', 'unchanged'],
      ['/Service/web/web', 'update'],
      ['apps/Deployment/web/web', 'update'],
    ]);
  });

  it('compares two live states exactly, without the fields each cluster assigns itself', () => {
    const otherCluster = readFixture('web-live.yaml', t =>
      t
        .replaceAll('10.96.148.27', '10.96.7.201')
        .replace('cpu: 250m', 'cpu: 500m'),
    );
    const section = compareFiles('cluster a → cluster b', live(), otherCluster);
    expect(section.method).toBe('exact');
    expect(section.notes).toEqual([
      expect.stringContaining('both sides carry server metadata'),
    ]);
    expect(section.objects.flatMap(o => o.changes)).toEqual([
      {
        path: 'spec.template.spec.containers[name=web].resources.requests.cpu',
        kind: 'changed',
        from: '250m',
        to: '500m',
      },
    ]);
    expect(section.summary.unchanged).toBe(3);
  });

  it('says so when a side mixes live state and manifests, and compares it as manifests', () => {
    const mixed = live();
    mixed.objects.push(
      ...desired().objects.filter(o => o.object.kind === 'Service'),
    );
    mixed.objects = mixed.objects.filter(
      (o, i) => !(o.object.kind === 'Service' && i < 4),
    );
    const section = compareFiles('mixed → desired', mixed, desired());
    expect(section.method).toBe('exact');
    expect(section.notes).toEqual([
      'the left side mixes live state and manifests (3 of 4 objects carry server metadata: uid, resourceVersion, managedFields, creationTimestamp): compared as manifests, field by field, so server defaults count as changes; save live state whole (kubectl get -o yaml) to compare it as live',
    ]);
    // The live Deployment's defaults count: it is compared as a manifest.
    expect(
      section.objects.filter(o => o.action === 'update').map(o => o.key),
    ).toEqual(['apps/Deployment/web/web']);
  });

  it('keeps the notes of duplicates on a live side', () => {
    const twice = live();
    twice.objects.push(twice.objects[0]);
    const section = compareFiles('saved → desired', twice, desired());
    expect(section.notes).toContain(
      'the left side holds apps/Deployment/web/web more than once: the last one is compared (applying them in order leaves it)',
    );
    expect(section.summary.unchanged).toBe(3);
  });
});
