import type { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { stringify } from 'yaml';

export const examples: TemplateExample[] = [
  {
    description: 'A linked cluster from a cluster spec, with two profiles',
    example: stringify({
      steps: [
        {
          id: 'create',
          action: 'arlon:cluster:create',
          name: 'Create the cluster',
          input: {
            name: 'qa-1',
            clusterSpec: 'docker-dev',
            profiles: ['infrastructure', 'apps'],
            labels: { env: 'qa' },
          },
        },
      ],
    }),
  },
  {
    description:
      'A cloned cluster: a frozen copy of its spec, with a value override for one bundle',
    example: stringify({
      steps: [
        {
          id: 'create',
          action: 'arlon:cluster:create',
          name: 'Create the cluster',
          input: {
            name: 'perf-1',
            clusterSpec: 'docker-dev',
            mode: 'cloned',
            profiles: ['apps'],
            values: { guestbook: { replicaCount: 3 } },
            owner: 'group:default/apps',
          },
        },
      ],
    }),
  },
];
