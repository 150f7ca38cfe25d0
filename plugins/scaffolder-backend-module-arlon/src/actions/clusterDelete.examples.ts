import type { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { stringify } from 'yaml';

export const examples: TemplateExample[] = [
  {
    description:
      'Delete a cluster: its bundles, then its Cluster API objects, then its ArgoCD registration',
    example: stringify({
      steps: [
        {
          id: 'delete',
          action: 'arlon:cluster:delete',
          name: 'Delete the cluster',
          input: { name: 'dev-local', confirm: 'dev-local' },
        },
      ],
    }),
  },
];
