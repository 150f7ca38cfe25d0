import type { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { stringify } from 'yaml';

const step = (action: string, input: object) =>
  stringify({ steps: [{ id: 'profiles', action, name: 'Profiles', input }] });

export const applyExamples: TemplateExample[] = [
  {
    description: 'Apply a profile to every production cluster',
    example: step('arlon:profile:apply', {
      profiles: ['apps'],
      selector: 'env=prod',
    }),
  },
  {
    description: 'Apply two profiles to clusters by name',
    example: step('arlon:profile:apply', {
      profiles: ['infrastructure', 'apps'],
      clusters: ['staging-eu', 'dev-local'],
    }),
  },
];

export const removeExamples: TemplateExample[] = [
  {
    description: 'Take the baseline profile off the edge clusters',
    example: step('arlon:profile:remove', {
      profiles: ['infrastructure'],
      selector: 'env=edge',
    }),
  },
];
