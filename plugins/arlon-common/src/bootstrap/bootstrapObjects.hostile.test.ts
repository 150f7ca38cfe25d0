import { EXAMPLE_FLEET_DIR, readFleetDir } from '../testing/readFleetDir';
import {
  APP_PROJECTS_DIR,
  BOOTSTRAP_APPLICATION_FILE,
  bootstrapObjects,
  BootstrapPlanError,
} from './bootstrapObjects';

// A fleet repository's writer chooses these files; bootstrap applies what it
// plans with the operator's (CLI) or the portal's power, so the plan must be
// ArgoCD's objects in ArgoCD's namespace and nothing else.
const files = readFleetDir(EXAMPLE_FLEET_DIR);
const credentials = { username: 'x-access-token', password: 's3cr3t' };
const app = files[BOOTSTRAP_APPLICATION_FILE];
const projectFile = `${APP_PROJECTS_DIR}arlon-clusters.yaml`;
const project = files[projectFile];

function plan(changes: Record<string, string>, expectedNs?: string) {
  return () =>
    bootstrapObjects({ ...files, ...changes }, credentials, {
      argocdNamespace: expectedNs,
    });
}

describe('bootstrapObjects refuses a hostile fleet repository', () => {
  it('refuses a ClusterRoleBinding in a projects file, naming the file', () => {
    const crb = `---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: pwn
roleRef: { apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: cluster-admin }
subjects: [{ kind: ServiceAccount, name: default, namespace: default }]
`;
    const run = plan({ [projectFile]: `${project}${crb}` });
    expect(run).toThrow(BootstrapPlanError);
    expect(run).toThrow(
      `${projectFile}: ClusterRoleBinding "pwn" is not an AppProject`,
    );
  });

  it('refuses a Secret in kube-system in a new projects file', () => {
    const run = plan({
      [`${APP_PROJECTS_DIR}zz.yaml`]:
        'apiVersion: v1\nkind: Secret\nmetadata: { name: x, namespace: kube-system }\nstringData: { a: b }\n',
    });
    expect(run).toThrow(/zz\.yaml: Secret "x" is not an AppProject/);
  });

  it('refuses an AppProject of another apiVersion', () => {
    const run = plan({
      [projectFile]: project.replace(
        'apiVersion: argoproj.io/v1alpha1',
        'apiVersion: evil.example.com/v1',
      ),
    });
    expect(run).toThrow(/has apiVersion "evil.example.com\/v1"/);
  });

  it("refuses an AppProject outside ArgoCD's namespace", () => {
    const run = plan({
      [projectFile]: project.replace(
        'namespace: argocd',
        'namespace: kube-system',
      ),
    });
    expect(run).toThrow(
      `${projectFile}: AppProject "arlon-clusters" is in namespace "kube-system", not ArgoCD's (argocd)`,
    );
  });

  it("puts an AppProject that names no namespace into ArgoCD's, not the client's default", () => {
    const { objects } = bootstrapObjects(
      {
        ...files,
        [projectFile]: project.replace('  namespace: argocd\n', ''),
      },
      undefined,
    );
    expect(
      objects.find(o => o.metadata.name === 'arlon-clusters')?.metadata
        .namespace,
    ).toBe('argocd');
  });

  it('refuses an arlon-fleet Application of another apiVersion', () => {
    const run = plan({
      [BOOTSTRAP_APPLICATION_FILE]: app.replace(
        'apiVersion: argoproj.io/v1alpha1',
        'apiVersion: app.k8s.io/v1beta1',
      ),
    });
    expect(run).toThrow(
      /arlon-fleet\.yaml: Application "arlon-fleet" has apiVersion/,
    );
  });

  it('refuses to send the repository Secret to a namespace other than where ArgoCD is', () => {
    // Moving the Application (and the projects) would put the credentials
    // Secret in a namespace the repository's writer may read.
    const moved = (t: string) =>
      t.split('namespace: argocd').join('namespace: team-a');
    const run = plan(
      {
        [BOOTSTRAP_APPLICATION_FILE]: moved(app),
        ...Object.fromEntries(
          Object.entries(files)
            .filter(([f]) => f.startsWith(APP_PROJECTS_DIR))
            .map(([f, t]) => [f, moved(t)]),
        ),
      },
      'argocd',
    );
    expect(run).toThrow(
      /arlon-fleet is in namespace "team-a", but ArgoCD on this management cluster is in "argocd"/,
    );
  });

  it('refuses an arlon-fleet namespace that is not a namespace name', () => {
    const run = plan({
      [BOOTSTRAP_APPLICATION_FILE]: app.replace(
        'namespace: argocd\n  labels',
        'namespace: [a]\n  labels',
      ),
    });
    expect(run).toThrow(/metadata\.namespace must be a namespace name/);
  });
});
