import { InputError } from '@backstage/errors';
import type { Request } from 'express';
import { Document, parseAllDocuments, stringify } from 'yaml';
import {
  type ArlonKind,
  definitionIdentitySchema,
  definitionJsonBodySchema,
  definitionNameSchema,
  documentData,
  YamlAliasError,
} from '@arlon-backstage/plugin-arlon-common';
import { parseRequest } from '../http/parseRequest';

/**
 * The definition in a request: YAML text (`Content-Type: application/yaml`,
 * kept as written, comments and all) or a JSON object. Its kind and name must
 * match the URL, so a request cannot write somewhere it did not say (the
 * REST contract's definition schemas, arlon-common/src/api/definitions.ts).
 */
export function parseDefinitionBody(
  req: Request,
  kind: ArlonKind,
  name?: string,
): { yaml: string; name: string; value?: unknown } {
  // Names are checked before anything else reads them (they become paths).
  if (name !== undefined)
    parseRequest(definitionNameSchema("the URL's name"), name);
  let yaml: string;
  let value: unknown;
  if (typeof req.body === 'string') {
    yaml = req.body;
    const docs = parseAllDocuments(yaml);
    if (docs.length !== 1)
      throw new InputError(
        `Send exactly one ${kind} definition, not ${docs.length} documents`,
      );
    value = docs[0].errors.length ? undefined : bodyData(docs[0]);
  } else {
    value = parseRequest(definitionJsonBodySchema(kind, name), req.body);
    yaml = stringify(value);
  }
  // A YAML syntax error is reported by validation with its line; only check identity when readable.
  if (value && typeof value === 'object') {
    const identity = parseRequest(definitionIdentitySchema(kind, name), value);
    return { yaml, name: name ?? (identity.metadata?.name as string), value };
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
