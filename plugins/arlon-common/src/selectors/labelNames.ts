/**
 * What Kubernetes accepts as a label key and a label value
 * (k8s.io/apimachinery validation: IsQualifiedName, IsValidLabelValue). A
 * selector naming anything else is refused by the API server, so it is
 * refused here too rather than quietly matching nothing.
 */

const NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const DNS_SUBDOMAIN =
  /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const MAX_LABEL_LENGTH = 63;
const MAX_PREFIX_LENGTH = 253;
const NAME_RULE =
  "alphanumeric characters, '-', '_' or '.', starting and ending with an alphanumeric character";

/** At most 64 characters of input in a message: what was refused, not a copy of a payload. */
export function shortenForMessage(text: string): string {
  return text.length > 64 ? `${text.slice(0, 64)}…` : text;
}

function nameProblem(name: string): string | undefined {
  if (name.length === 0) return 'the name part must be non-empty';
  if (name.length > MAX_LABEL_LENGTH)
    return `the name part must be no more than ${MAX_LABEL_LENGTH} characters`;
  if (!NAME.test(name)) return `the name part must consist of ${NAME_RULE}`;
  return undefined;
}

/** Why `key` is no label key (`[prefix/]name`), or undefined when it is one. */
export function labelKeyProblem(key: string): string | undefined {
  const parts = key.split('/');
  let why: string | undefined;
  if (parts.length > 2)
    why =
      "a label key has at most one '/', between an optional DNS subdomain prefix and a name";
  else if (parts.length === 2 && parts[0].length === 0)
    why = 'the prefix part must be non-empty';
  else if (parts.length === 2 && parts[0].length > MAX_PREFIX_LENGTH)
    why = `the prefix part must be no more than ${MAX_PREFIX_LENGTH} characters`;
  else if (parts.length === 2 && !DNS_SUBDOMAIN.test(parts[0]))
    why = 'the prefix part must be a lowercase DNS subdomain';
  else why = nameProblem(parts[parts.length - 1]);
  return why && `"${shortenForMessage(key)}" is no label key: ${why}`;
}

/** Why `value` is no label value (empty, or a name of up to 63 characters), or undefined. */
export function labelValueProblem(value: string): string | undefined {
  if (value.length === 0) return undefined;
  const why = nameProblem(value)?.replace('the name part', 'a label value');
  return why && `"${shortenForMessage(value)}" is no label value: ${why}`;
}
