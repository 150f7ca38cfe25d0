import type { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { stringify } from 'yaml';

const step = (input: object) =>
  stringify({
    steps: [
      {
        id: 'pool',
        action: 'arlon:nodepool:update',
        name: 'Change the node pool',
        input,
      },
    ],
  });

export const examples: TemplateExample[] = [
  {
    description: "Scale a spec's pool, and with it every linked cluster's",
    example: step({ clusterSpec: 'docker-dev', nodePool: 'md-0', replicas: 3 }),
  },
  {
    description: 'Autoscale a pool between 2 and 8 machines',
    example: step({
      clusterSpec: 'aws-kubeadm',
      nodePool: 'workers',
      autoscaling: { min: 2, max: 8 },
    }),
  },
  {
    description:
      "Move a cloned cluster's pool to a larger machine type (a rolling replacement)",
    example: step({
      cluster: 'staging-eu',
      nodePool: 'workers',
      machineType: 'm5.2xlarge',
    }),
  },
];
