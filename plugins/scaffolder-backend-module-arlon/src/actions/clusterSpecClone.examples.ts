import type { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { stringify } from 'yaml';

export const examples: TemplateExample[] = [
  {
    description: 'The same spec on a newer Kubernetes version',
    example: stringify({
      steps: [
        {
          id: 'clone',
          action: 'arlon:clusterspec:clone',
          name: 'Clone the cluster spec',
          input: {
            source: 'docker-dev',
            name: 'docker-dev-131',
            kubernetesVersion: 'v1.31.0',
          },
        },
      ],
    }),
  },
];
