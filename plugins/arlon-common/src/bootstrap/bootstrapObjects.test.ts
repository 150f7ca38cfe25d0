import { EXAMPLE_FLEET_DIR, readFleetDir } from '../testing/readFleetDir';
import {
  BOOTSTRAP_APPLICATION_FILE,
  bootstrapAction,
  bootstrapObjects,
  BootstrapPlanError,
  REDACTED,
  redacted,
} from './bootstrapObjects';

const files = readFleetDir(EXAMPLE_FLEET_DIR);
const credentials = { username: 'x-access-token', password: 's3cr3t-tøken' };

describe('bootstrapObjects', () => {
  it('applies the AppProjects first, then the repository credentials, then arlon-fleet', () => {
    const { objects, repoUrl } = bootstrapObjects(files, credentials);
    expect(objects.map(o => `${o.kind}/${o.metadata.name}`)).toEqual([
      'AppProject/arlon-bundles',
      'AppProject/arlon-clusters',
      'Secret/arlon-fleet-repository',
      'Application/arlon-fleet',
    ]);
    const secret: any = objects[2];
    expect(secret.metadata).toMatchObject({
      namespace: 'argocd',
      labels: { 'argocd.argoproj.io/secret-type': 'repository' },
    });
    const decoded = Object.fromEntries(
      Object.entries(secret.data).map(([k, v]) => [
        k,
        Buffer.from(v as string, 'base64').toString('utf8'),
      ]),
    );
    expect(decoded).toEqual({ type: 'git', url: repoUrl, ...credentials });
  });

  it('applies no Secret when the repository needs no credentials', () => {
    const { objects } = bootstrapObjects(files, undefined);
    expect(objects.map(o => o.kind)).not.toContain('Secret');
  });

  it('refuses a tree without the bootstrap Application, saying how to make it', () => {
    const { [BOOTSTRAP_APPLICATION_FILE]: _, ...without } = files;
    expect(() => bootstrapObjects(without, undefined)).toThrow(
      BootstrapPlanError,
    );
    expect(() => bootstrapObjects(without, undefined)).toThrow(/regenerate/);
  });
});

describe('redacted', () => {
  it('replaces every Secret value and leaves other objects as they are', () => {
    const { objects } = bootstrapObjects(files, credentials);
    const shown = objects.map(redacted);
    expect(JSON.stringify(shown)).not.toContain(
      Buffer.from(credentials.password).toString('base64'),
    );
    expect((shown[2] as any).data).toEqual({
      type: REDACTED,
      url: REDACTED,
      username: REDACTED,
      password: REDACTED,
    });
    expect(shown[3]).toBe(objects[3]);
    expect((objects[2] as any).data.password).not.toBe(REDACTED);
  });
});

describe('bootstrapAction', () => {
  const [project] = bootstrapObjects(files, undefined).objects;

  it('creates what is absent, leaves what holds every field, updates the rest', () => {
    expect(bootstrapAction(project, undefined)).toBe('create');
    const live: any = {
      ...structuredClone(project),
      metadata: {
        ...project.metadata,
        uid: 'u',
        labels: { ...project.metadata.labels, extra: 'x' },
      },
      status: { anything: true },
    };
    expect(bootstrapAction(project, live)).toBe('unchanged');
    live.spec.sourceRepos = ['https://elsewhere.example/fleet.git'];
    expect(bootstrapAction(project, live)).toBe('update');
  });

  it('sees a changed or lost label as an update', () => {
    const live: any = structuredClone(project);
    live.metadata.labels = {};
    expect(bootstrapAction(project, live)).toBe('update');
  });
});
