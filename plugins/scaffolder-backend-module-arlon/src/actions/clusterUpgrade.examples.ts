import type { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { stringify } from 'yaml';

const step = (input: object) =>
  stringify({
    steps: [
      {
        id: 'upgrade',
        action: 'arlon:cluster:upgrade',
        name: 'Upgrade Kubernetes',
        input,
      },
    ],
  });

export const examples: TemplateExample[] = [
  {
    description:
      'Upgrade a cluster spec by one minor version, and with it every linked cluster',
    example: step({ clusterSpec: 'docker-dev', kubernetesVersion: 'v1.31.0' }),
  },
  {
    description: 'Upgrade a cloned cluster, which has its own copy of a spec',
    example: step({ cluster: 'staging-eu', kubernetesVersion: 'v1.29.4' }),
  },
];
