import type { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { stringify } from 'yaml';

export const examples: TemplateExample[] = [
  {
    description: 'A baseline profile with two bundles and a value',
    example: stringify({
      steps: [
        {
          id: 'profile',
          action: 'arlon:profile:create',
          name: 'Create the profile',
          input: {
            name: 'baseline',
            bundles: ['cert-manager', 'readonly-rbac'],
            values: { 'cert-manager': { replicaCount: 3 } },
            updatePolicy: 'manual',
          },
        },
      ],
    }),
  },
];
