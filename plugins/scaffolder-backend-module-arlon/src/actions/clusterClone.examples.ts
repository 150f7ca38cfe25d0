import type { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { stringify } from 'yaml';

export const examples: TemplateExample[] = [
  {
    description:
      'Clone a cluster under a new name, with one more replica of the guestbook',
    example: stringify({
      steps: [
        {
          id: 'clone',
          action: 'arlon:cluster:clone',
          name: 'Clone the cluster',
          input: {
            source: 'dev-local',
            name: 'dev-local-2',
            values: { guestbook: { replicaCount: 2 } },
          },
        },
      ],
    }),
  },
];
