// Suggestions: the hint for a reference to a definition that does not exist.
import { closeNames } from '../closeNames';

/** "Did you mean …?" when a close name exists, else where to create the definition. */
export function hintForName(
  name: string,
  existing: Map<string, unknown>,
  what: string,
  folder: string,
): string {
  const close = closeNames(name, existing.keys());
  if (close.length)
    return `Did you mean ${close.map(c => `"${c}"`).join(' or ')}?`;
  return `Create the ${what} in ${folder}/, or check the name.`;
}
