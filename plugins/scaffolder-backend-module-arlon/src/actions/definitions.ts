import {
  type ArlonObject,
  definitionViews,
  FleetFiles,
} from '@arlon-backstage/plugin-arlon-common';
import { InputError } from '@backstage/errors';

/**
 * The definition as written: fields left undefined or empty are left out
 * (a template renders an unanswered optional field as "").
 */
export function definition<T extends ArlonObject>(object: T): T {
  return JSON.parse(
    JSON.stringify(object, (_key, value) => (value === '' ? undefined : value)),
  );
}

/** Reads an existing definition of the head (what a clone copies), or says it is not there. */
export function existing<T extends ArlonObject>(
  files: FleetFiles,
  kind: T['kind'],
  name: string,
): T {
  const view = definitionViews(files).find(
    v => v.kind === kind && v.name === name,
  );
  if (!view)
    throw new InputError(
      `There is no ${kind} named "${name}" in the fleet repository`,
    );
  return view.definition as T;
}
