import type { ResourceType } from './resources';
import { crdSchemaViolations } from './schema/crdSchema';

const DNS_SUBDOMAIN =
  /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const QUALIFIED_NAME =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The checks the real API server makes on every object; each failure is a 422 cause. */
export function validateObject(
  type: ResourceType,
  obj: any,
): Array<{ field: string; message: string }> {
  const causes: Array<{ field: string; message: string }> = [];
  const name: string = obj.metadata?.name ?? '';
  const nameRule = type.kind === 'Namespace' ? DNS_LABEL : DNS_SUBDOMAIN;
  const max = type.kind === 'Namespace' ? 63 : 253;
  if (type.group === 'rbac.authorization.k8s.io') {
    // RBAC names are path segments (ValidateRBACName): `system:discovery` is one.
    const wrong = pathSegmentNameProblem(name);
    if (wrong)
      causes.push({
        field: 'metadata.name',
        message: `Invalid value: ${JSON.stringify(name)}: ${wrong}`,
      });
  } else if (!nameRule.test(name) || name.length > max) {
    causes.push({
      field: 'metadata.name',
      message: `Invalid value: "${name}": a lowercase RFC 1123 ${
        type.kind === 'Namespace' ? 'label' : 'subdomain'
      } must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (at most ${max} characters)`,
    });
  }
  for (const [key, value] of Object.entries<any>(obj.metadata?.labels ?? {})) {
    if (!QUALIFIED_NAME.test(key) || key.split('/').pop()!.length > 63) {
      causes.push({
        field: 'metadata.labels',
        message: `Invalid value: "${key}": name part must be 63 characters or less and consist of alphanumeric characters, '-', '_' or '.'`,
      });
    }
    if (
      typeof value !== 'string' ||
      value.length > 63 ||
      !LABEL_VALUE.test(value)
    ) {
      causes.push({
        field: 'metadata.labels',
        message: `Invalid value: "${value}": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', at most 63 characters`,
      });
    }
  }
  if (type.kind === 'CustomResourceDefinition')
    causes.push(...crdSchemaViolations(obj));
  if (type.kind === 'Secret') {
    for (const [key, value] of Object.entries<any>(obj.data ?? {})) {
      if (typeof value !== 'string' || !BASE64.test(value)) {
        causes.push({
          field: `data[${key}]`,
          message: 'Invalid value: must be base64-encoded',
        });
      }
    }
  }
  return causes;
}

/** Upstream's path.IsValidPathSegmentName, the rule for RBAC object names. */
function pathSegmentNameProblem(name: string): string | undefined {
  if (name === '.' || name === '..') return `may not be '${name}'`;
  for (const c of ['/', '%'])
    if (name.includes(c)) return `may not contain '${c}'`;
  return undefined;
}
