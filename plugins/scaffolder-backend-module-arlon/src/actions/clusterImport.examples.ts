import type { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { stringify } from 'yaml';

export const examples: TemplateExample[] = [
  {
    description:
      'Import a cluster from a kubeconfig given as a secret, with a profile',
    example: stringify({
      steps: [
        {
          id: 'import',
          action: 'arlon:cluster:import',
          name: 'Import the cluster',
          input: {
            name: 'edge-2',
            kubeconfig: '${{ secrets.kubeconfig }}',
            profiles: ['infrastructure'],
          },
        },
      ],
    }),
  },
  {
    description:
      'Adopt a cluster ArgoCD already knows (an ArgoCD admin labels its Secret arlon.io/cluster=legacy-1 first)',
    example: stringify({
      steps: [
        {
          id: 'import',
          action: 'arlon:cluster:import',
          name: 'Import the cluster',
          input: { name: 'legacy-1', argocdCluster: 'legacy-1', profiles: [] },
        },
      ],
    }),
  },
];
