import { VIEWER_CLUSTER_ROLE_RULES } from './viewerCredentials';

/**
 * The portal's viewer role in every workload cluster: whoever holds the
 * Kubernetes plugin's proxy permission can use it, so it must read
 * workloads and nothing that yields a secret, a shell or another identity.
 */
describe('viewer ClusterRole, hostile', () => {
  const resources = VIEWER_CLUSTER_ROLE_RULES.flatMap(r =>
    (r.resources ?? []).flatMap(resource =>
      (r.apiGroups ?? []).map(group => ({ group, resource })),
    ),
  );

  it.each([
    ['', 'secrets'],
    ['', 'pods/exec'],
    ['', 'pods/attach'],
    ['', 'pods/portforward'],
    ['', 'pods/proxy'],
    ['', 'services/proxy'],
    ['', 'nodes/proxy'],
    ['', 'serviceaccounts'],
    ['', 'serviceaccounts/token'],
    ['', 'pods/ephemeralcontainers'],
    ['certificates.k8s.io', 'certificatesigningrequests'],
    ['authentication.k8s.io', 'tokenreviews'],
  ])('grants nothing on %s/%s', (group, resource) => {
    expect(resources).not.toContainEqual({ group, resource });
  });

  it('names no wildcard group, resource or verb, and no non-resource URL', () => {
    for (const rule of VIEWER_CLUSTER_ROLE_RULES) {
      expect(rule.apiGroups).not.toContain('*');
      expect(rule.resources).not.toContain('*');
      expect(rule.verbs).not.toContain('*');
      expect(rule.nonResourceURLs).toBeUndefined();
    }
  });

  it('only reads: get, list and watch (no create, update, patch, delete, impersonate, escalate, bind)', () => {
    for (const rule of VIEWER_CLUSTER_ROLE_RULES)
      for (const verb of rule.verbs)
        expect(['get', 'list', 'watch']).toContain(verb);
  });
});
