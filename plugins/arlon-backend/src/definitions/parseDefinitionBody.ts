import { InputError } from '@backstage/errors';
import type { Request } from 'express';
import { Document, parseAllDocuments, stringify } from 'yaml';
import {
  documentData,
  YamlAliasError,
} from '@arlon-backstage/plugin-arlon-common';
import {
  type ArlonKind,
  checkDefinitionName,
} from '@arlon-backstage/plugin-arlon-common';

/**
 * The definition in a request: YAML text (`Content-Type: application/yaml`,
 * kept as written, comments and all) or a JSON object. Its kind and name must
 * match the URL, so a request cannot write somewhere it did not say.
 */
export function parseDefinitionBody(
  req: Request,
  kind: ArlonKind,
  name?: string,
): { yaml: string; name: string; value?: unknown } {
  // Names are checked before anything else reads them (they become paths).
  if (name !== undefined) checkDefinitionName(name, "the URL's name");
  let yaml: string;
  let value: any;
  if (typeof req.body === 'string') {
    yaml = req.body;
    const docs = parseAllDocuments(yaml);
    if (docs.length !== 1)
      throw new InputError(
        `Send exactly one ${kind} definition, not ${docs.length} documents`,
      );
    value = docs[0].errors.length ? undefined : bodyData(docs[0]);
  } else if (
    req.body &&
    typeof req.body === 'object' &&
    Object.keys(req.body).length
  ) {
    value = req.body;
    yaml = stringify(value);
  } else {
    throw new InputError(
      `Send a ${kind} definition as application/yaml or application/json`,
    );
  }
  // A YAML syntax error is reported by validation with its line; only check identity when readable.
  if (value && typeof value === 'object') {
    if (value.kind !== undefined && value.kind !== kind) {
      throw new InputError(
        `The body is a ${value.kind}, but the URL is for a ${kind}`,
      );
    }
    const bodyName = value.metadata?.name;
    if (bodyName !== undefined) checkDefinitionName(bodyName, 'metadata.name');
    if (name !== undefined && bodyName !== undefined && bodyName !== name) {
      throw new InputError(
        `The body names "${bodyName}", but the URL names "${name}"`,
      );
    }
    return { yaml, name: name ?? bodyName, value };
  }
  if (name === undefined)
    throw new InputError(
      'The definition could not be read; fix its YAML syntax',
    );
  return { yaml, name };
}

/** The body's document as data; an alias bomb is a 400 that says so, not a 500. */
function bodyData(doc: Document): unknown {
  try {
    return documentData(doc, 'the body');
  } catch (error) {
    if (error instanceof YamlAliasError) throw new InputError(error.message);
    throw error;
  }
}
