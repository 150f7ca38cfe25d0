import type { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { stringify } from 'yaml';

export const examples: TemplateExample[] = [
  {
    description: 'An EKS cluster spec with one autoscaling node pool',
    example: stringify({
      steps: [
        {
          id: 'spec',
          action: 'arlon:clusterspec:create',
          name: 'Create the cluster spec',
          input: {
            name: 'eks-small',
            provider: 'aws',
            type: 'eks',
            kubernetesVersion: 'v1.30.2',
            region: 'eu-west-1',
            nodePools: [
              {
                name: 'general',
                machineType: 'm6i.large',
                replicas: 2,
                autoscaling: { min: 2, max: 5 },
              },
            ],
          },
        },
      ],
    }),
  },
];
