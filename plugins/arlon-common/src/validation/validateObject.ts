import { z } from 'zod';
import type { SourceDocument } from '../model/parseDocuments';
import { FORBIDDEN_KEYS } from '../model/names';
import { FIELD_HINTS, KIND_SCHEMAS } from '../model/schema';
import { ARLON_API_VERSION, ARLON_KINDS, ArlonObject } from '../model/types';
import { formatFieldPath, Problem } from './Problem';

/**
 * Checks one document against the schema of its kind. Returns the object
 * (normalised: a comma-separated bundle list becomes a list) when it is valid.
 */
export function validateObject(doc: SourceDocument): {
  object?: ArlonObject;
  problems: Problem[];
} {
  const problem = (
    path: PropertyKey[],
    message: string,
    hint?: string,
  ): Problem => ({
    file: doc.file,
    ...doc.locate(path),
    field: formatFieldPath(path),
    message,
    hint,
  });

  const value = doc.value as any;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      problems: [
        problem(
          [],
          'a definition must be a mapping with apiVersion, kind, metadata and spec',
          'Start the document with apiVersion: core.arlon.io/v1 and kind:.',
        ),
      ],
    };
  }
  // Before anything reads the document: a key that reaches a prototype is
  // refused wherever it is, at its own line.
  const forbidden = forbiddenKeyPaths(value);
  if (forbidden.length) {
    return {
      problems: forbidden.map(path =>
        problem(
          path,
          `${formatFieldPath(path)}: the key "${String(
            path[path.length - 1],
          )}" is not allowed`,
          'Keys named __proto__, constructor or prototype are refused everywhere; rename it.',
        ),
      ),
    };
  }
  if (!ARLON_KINDS.includes(value.kind)) {
    return {
      problems: [
        problem(
          ['kind'],
          value.kind === undefined
            ? 'missing required field kind'
            : `unknown kind ${shown(value.kind)}`,
          `Use one of ${ARLON_KINDS.join(', ')}.`,
        ),
      ],
    };
  }
  if (value.apiVersion !== ARLON_API_VERSION) {
    return {
      problems: [
        problem(
          ['apiVersion'],
          value.apiVersion === undefined
            ? 'missing required field apiVersion'
            : `unknown apiVersion ${shown(value.apiVersion)} for kind ${
                value.kind
              }`,
          FIELD_HINTS.apiVersion,
        ),
      ],
    };
  }

  const schema = KIND_SCHEMAS[value.kind as keyof typeof KIND_SCHEMAS];
  const result = schema.safeParse(value);
  if (!result.success) {
    return {
      problems: result.error.issues.flatMap(issue =>
        fromIssue(issue, value, problem),
      ),
    };
  }
  const object = result.data as ArlonObject;
  if (object.kind === 'Profile' && typeof object.spec.bundles === 'string') {
    object.spec.bundles = (object.spec.bundles as string)
      .split(',')
      .map(b => b.trim());
  }
  return { object, problems: [] };
}

/** Paths of every key named __proto__, constructor or prototype, or with such a dot-separated segment. */
export function forbiddenKeyPaths(
  value: unknown,
  base: PropertyKey[] = [],
): PropertyKey[][] {
  if (Array.isArray(value))
    return value.flatMap((v, i) => forbiddenKeyPaths(v, [...base, i]));
  if (value === null || typeof value !== 'object') return [];
  return Object.keys(value).flatMap(k => {
    const path = [...base, k];
    if (k.split('.').some(s => FORBIDDEN_KEYS.has(s))) return [path];
    return forbiddenKeyPaths((value as Record<string, unknown>)[k], path);
  });
}

type MakeProblem = (
  path: PropertyKey[],
  message: string,
  hint?: string,
) => Problem;

function fromIssue(
  issue: z.core.$ZodIssue,
  value: unknown,
  problem: MakeProblem,
): Problem[] {
  const path = issue.path as PropertyKey[];
  const field = path[path.length - 1];
  const actual = path.reduce<any>((node, key) => node?.[key as any], value);
  const owner = path[path.length - 2];
  const hint =
    (typeof field === 'string'
      ? FIELD_HINTS[`${String(owner)}.${field}`] ?? FIELD_HINTS[field]
      : undefined) ??
    `See the ${String(
      (value as { kind: unknown }).kind,
    )} reference in docs/fleet-repository.md.`;
  // An unknown key's issue points at the mapping that holds it, which exists:
  // only a missing field has nothing at its path.
  if (actual === undefined) {
    const parent = path.slice(0, -1);
    return [
      problem(
        path,
        `missing required field ${formatFieldPath(path)}`,
        `Add ${String(field)}: under ${
          formatFieldPath(parent) || 'the document'
        }.`,
      ),
    ];
  }
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map(key =>
        problem(
          [...path, key],
          `unknown field ${formatFieldPath([...path, key])}`,
          'Remove it, or check its spelling and indentation.',
        ),
      );
    case 'invalid_type':
      return [
        problem(
          path,
          `${formatFieldPath(path)} must be ${article(
            issue.expected,
          )}, not ${describe(actual)}`,
          hint,
        ),
      ];
    case 'invalid_value':
      return [
        problem(
          path,
          `${formatFieldPath(path)} must be one of ${issue.values
            .map(v => JSON.stringify(v))
            .join(', ')}`,
          hint,
        ),
      ];
    default:
      return [problem(path, `${formatFieldPath(path)} ${issue.message}`, hint)];
  }
}

function article(expected: string): string {
  const words: Record<string, string> = {
    record: 'mapping',
    object: 'mapping',
    array: 'list',
    int: 'whole number',
  };
  const word = words[expected] ?? expected;
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}

function describe(input: unknown): string {
  if (Array.isArray(input)) return 'a list';
  if (input === null) return 'null';
  if (typeof input === 'object') return 'a mapping';
  return `${typeof input} ${JSON.stringify(input)}`;
}

/**
 * A field's value as a message shows it: a string quoted, anything else by
 * what it is, so a mapping where a string belongs never reads "[object Object]".
 */
function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'a mapping';
  return String(value);
}
