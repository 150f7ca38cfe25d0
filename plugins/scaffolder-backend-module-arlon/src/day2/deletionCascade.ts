import type { ClusterRemovalPlan } from '@arlon-backstage/plugin-arlon-node';

/**
 * A cluster's deletion as people should read it before they confirm: what
 * goes, in the order it goes (DESIGN §3, docs/decisions.md): bundles first
 * while the cluster still answers, then the Cluster API objects with the
 * definition's commit, then its registration.
 */
export function describeCascade(plan: ClusterRemovalPlan): string[] {
  const objects = plan.clusterObjects.map(o => `${o.kind} ${o.name}`);
  return [
    `1. Bundle Applications, pruned with what they deployed while the cluster still answers: ${
      plan.bundleApplications.join(', ') ||
      '(none: the cluster is not registered in ArgoCD)'
    }`,
    `2. Then the commit deleting its definition, which removes its root Application and so its Cluster API objects: ${
      objects.join(', ') || '(none generated)'
    }`,
    `3. Last, its ArgoCD registration: ${
      plan.registration
        ? `Secret ${plan.registration.secret} on ${plan.registration.managementCluster}, and ArgoCD's account in the cluster`
        : '(none)'
    }`,
  ];
}
