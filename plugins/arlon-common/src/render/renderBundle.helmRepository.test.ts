import { EXAMPLE_FLEET_DIR, readFleetDir } from '../testing/readFleetDir';
import { validateFleet } from '../validation/validateFleet';
import { bundlesOf, renderBundle, renderBundles } from './renderBundle';
import { UnrenderableSource } from './renderSource';

const REPO = 'http://127.0.0.1:7080/fleet.git';
const { fleet } = validateFleet(readFleetDir(EXAMPLE_FLEET_DIR));

describe('pre-flighting a bundle from a Helm repository', () => {
  it('is refused with a note saying ArgoCD renders it, not a crash', () => {
    const render = () => renderBundle(fleet, 'cert-manager', REPO);
    expect(render).toThrow(UnrenderableSource);
    expect(render).toThrow(
      'bundle cert-manager is the Helm chart cert-manager v1.21.1 from the Helm repository https://charts.jetstack.io; a Helm repository bundle is rendered by ArgoCD and cannot be pre-flighted locally, so compare it against a live cluster where ArgoCD has applied it',
    );
  });

  it("becomes a note beside the cluster's other bundles, which still render", () => {
    const rendered = renderBundles(
      fleet,
      bundlesOf(fleet, { kind: 'cluster', name: 'prod-us-west' }),
      REPO,
    );
    expect(rendered.notes).toEqual([
      expect.stringMatching(/^bundle calico is a Helm chart/),
      expect.stringMatching(
        /^bundle cert-manager is the Helm chart cert-manager v1\.21\.1 from the Helm repository https:\/\/charts\.jetstack\.io; .*cannot be pre-flighted locally/,
      ),
    ]);
    expect(rendered.objects.map(o => `${o.bundle}:${o.object.kind}`)).toEqual([
      'readonly-rbac:ClusterRole',
      'readonly-rbac:ClusterRoleBinding',
    ]);
  });
});
