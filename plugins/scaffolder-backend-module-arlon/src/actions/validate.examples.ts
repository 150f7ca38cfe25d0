import type { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { stringify } from 'yaml';

export const examples: TemplateExample[] = [
  {
    description:
      'Render definitions from a skeleton, then check them before publishing',
    example: stringify({
      steps: [
        {
          id: 'fetch',
          action: 'fetch:template',
          name: 'Render the definitions',
          input: {
            url: './skeleton',
            values: { name: '${{ parameters.name }}' },
          },
        },
        { id: 'validate', action: 'arlon:validate', name: 'Validate them' },
      ],
    }),
  },
];
