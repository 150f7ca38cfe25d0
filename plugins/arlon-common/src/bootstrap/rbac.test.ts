import { portalClusterRole, RbacRule } from './rbac';

const rulesOf = (o: { rules?: RbacRule[] }): RbacRule[] => o.rules ?? [];
const grants = (
  rules: any[],
  group: string,
  resource: string,
  verb: string,
  name?: string,
) =>
  rules.some(
    r =>
      r.apiGroups?.includes(group) &&
      r.resources?.includes(resource) &&
      r.verbs.includes(verb) &&
      (!r.resourceNames ||
        (name !== undefined && r.resourceNames.includes(name))),
  );

describe('portalClusterRole', () => {
  it('binds a ClusterRole and a Role in ArgoCD namespace to the given service account', () => {
    const rbac = portalClusterRole({
      serviceAccount: { name: 'portal', namespace: 'backstage' },
      argocdNamespace: 'gitops',
    });
    expect(
      rbac.objects.map(
        o => `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`,
      ),
    ).toEqual([
      'ClusterRole//arlon-portal',
      'Role/gitops/arlon-portal',
      'ClusterRoleBinding//arlon-portal',
      'RoleBinding/gitops/arlon-portal',
    ]);
    for (const binding of [rbac.clusterRoleBinding, ...rbac.roleBindings])
      expect(binding.subjects).toEqual([
        { kind: 'ServiceAccount', name: 'portal', namespace: 'backstage' },
      ]);
    expect(rbac.roleBindings[0].roleRef).toEqual({
      apiGroup: 'rbac.authorization.k8s.io',
      kind: 'Role',
      name: 'arlon-portal',
    });
  });

  it('grants no wildcard and no write outside the ArgoCD namespace', () => {
    const { clusterRole, roles } = portalClusterRole();
    for (const rule of [...rulesOf(clusterRole), ...roles.flatMap(rulesOf)]) {
      expect(rule.verbs).not.toContain('*');
      expect(rule.resources ?? []).not.toContain('*');
      expect(rule.apiGroups ?? []).not.toContain('*');
    }
    for (const rule of rulesOf(clusterRole))
      expect(
        rule.verbs.filter(v => !['get', 'list', 'watch'].includes(v)),
      ).toEqual([]);
  });

  it('reads Secrets cluster-wide only by list and watch (the CAPI kubeconfigs), never get', () => {
    const { clusterRole } = portalClusterRole();
    const rules = rulesOf(clusterRole);
    expect(grants(rules, '', 'secrets', 'list')).toBe(true);
    expect(grants(rules, '', 'secrets', 'get')).toBe(false);
    expect(grants(rules, 'cluster.x-k8s.io', 'clusters', 'watch')).toBe(true);
    expect(grants(rules, '', 'namespaces', 'list')).toBe(false);
    expect(grants(rules, '', 'namespaces', 'get', 'argocd')).toBe(true);
    expect(grants(rules, '', 'namespaces', 'get', 'kube-system')).toBe(false);
  });

  it('lets the portal sync Applications and manage Secrets in ArgoCD namespace, and read only two Deployments', () => {
    const rules = rulesOf(portalClusterRole().roles[0]);
    expect(grants(rules, 'argoproj.io', 'applications', 'patch')).toBe(true);
    expect(grants(rules, 'argoproj.io', 'applicationsets', 'patch')).toBe(
      false,
    );
    expect(grants(rules, '', 'secrets', 'delete')).toBe(true);
    expect(grants(rules, 'apps', 'deployments', 'get', 'argocd-server')).toBe(
      true,
    );
    expect(grants(rules, 'apps', 'deployments', 'get', 'argocd-redis')).toBe(
      false,
    );
    expect(grants(rules, 'apps', 'deployments', 'list')).toBe(false);
  });

  it('grants the AppProject and create rules only when the portal bootstraps', () => {
    const withBootstrap = rulesOf(portalClusterRole().roles[0]);
    expect(
      grants(
        withBootstrap,
        'argoproj.io',
        'appprojects',
        'patch',
        'arlon-bundles',
      ),
    ).toBe(true);
    expect(
      grants(withBootstrap, 'argoproj.io', 'appprojects', 'patch', 'default'),
    ).toBe(false);
    expect(grants(withBootstrap, 'argoproj.io', 'applications', 'create')).toBe(
      true,
    );
    const without = rulesOf(portalClusterRole({ bootstrap: false }).roles[0]);
    expect(
      grants(without, 'argoproj.io', 'appprojects', 'patch', 'arlon-bundles'),
    ).toBe(false);
    expect(grants(without, 'argoproj.io', 'applications', 'create')).toBe(
      false,
    );
  });
});
