import type { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { stringify } from 'yaml';

export const examples: TemplateExample[] = [
  {
    description: 'An inline bundle: a namespace-wide default network policy',
    example: stringify({
      steps: [
        {
          id: 'bundle',
          action: 'arlon:bundle:create',
          name: 'Create the bundle',
          input: {
            name: 'default-deny',
            description: 'Deny ingress by default',
            manifests: {
              'networkpolicy.yaml':
                'apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata:\n  name: default-deny\nspec:\n  podSelector: {}\n  policyTypes: [Ingress]\n',
            },
          },
        },
      ],
    }),
  },
  {
    description: 'A Helm chart from Git, with a parameter profiles can set',
    example: stringify({
      steps: [
        {
          id: 'bundle',
          action: 'arlon:bundle:create',
          name: 'Create the bundle',
          input: {
            name: 'podinfo',
            git: {
              repoUrl: 'https://github.com/stefanprodan/podinfo.git',
              path: 'charts/podinfo',
              revision: '6.7.0',
              type: 'helm',
            },
            parameters: [{ name: 'replicaCount', default: 1 }],
          },
        },
      ],
    }),
  },
  {
    description:
      'A chart from a Helm repository at one exact version: ingress-nginx',
    example: stringify({
      steps: [
        {
          id: 'bundle',
          action: 'arlon:bundle:create',
          name: 'Create the bundle',
          input: {
            name: 'ingress-nginx',
            helmRepository: {
              repoUrl: 'https://kubernetes.github.io/ingress-nginx',
              chart: 'ingress-nginx',
              version: '4.11.3',
            },
            parameters: [{ name: 'controller.replicaCount', default: 2 }],
          },
        },
      ],
    }),
  },
];
