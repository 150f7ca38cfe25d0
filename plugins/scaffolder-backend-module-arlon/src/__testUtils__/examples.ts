import type { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { parse } from 'yaml';

/** The inputs an action's documented examples give it, by example description. */
export function exampleInputs(
  examples: TemplateExample[],
  actionId: string,
): Array<[string, Record<string, any>]> {
  return examples.flatMap(e =>
    (parse(e.example).steps as any[])
      .filter(step => step.action === actionId)
      .map(
        step =>
          [e.description, step.input ?? {}] as [string, Record<string, any>],
      ),
  );
}
