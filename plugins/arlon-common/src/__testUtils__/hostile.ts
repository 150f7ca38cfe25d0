import fc from 'fast-check';
import { parse, stringify } from 'yaml';
import type { FleetFiles } from '../model/Fleet';
import { dnsLabel, validFleetFiles } from './arbitraries';

/**
 * Arbitraries for what a careless or hostile committer, user or workload
 * cluster sends: names, keys, scalars and YAML text that are wrong on
 * purpose, and fleets one edit away from valid.
 */

/** Names that must never become a definition name (they become paths and object names). */
export const hostileName = fc.oneof(
  fc.constantFrom(
    '',
    '..',
    '../x',
    '../../../../etc/passwd',
    '/etc/x',
    'a/b',
    '.git',
    'a'.repeat(64),
    'Upper',
    'p\u043edinfo',
    'pod\u0000info',
    '-lead',
    'trail-',
    '__proto__',
    'constructor',
    'a\nb',
    'a b',
    '%2e%2e',
    'kube-system',
    'arlon-fleet',
    'x-system',
  ),
  fc.string({ maxLength: 70 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

/** Keys that reach a prototype or are otherwise surprising as a mapping key. */
export const hostileKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'valueOf',
    '',
    ' ',
    'a.b',
    '$ref',
    '<<',
    '0',
  ),
  fc.string({ maxLength: 12 }),
);

/** A scalar, list or map of the wrong type or shape for any field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    0,
    -1,
    1.5,
    1e308,
    -0,
    Number.MAX_SAFE_INTEGER + 2,
    true,
    '',
    '{{ .Values.x }}',
    '${HOME}',
    '\u2028',
    'x'.repeat(300),
    [],
    {},
    [null],
    { a: { b: { c: {} } } },
  ),
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(hostileKey, fc.string({ maxLength: 5 }), {
    maxKeys: 3,
    // Parsed YAML and JSON have Object.prototype; so do these.
    noNullPrototype: true,
  }),
);

/** YAML texts that parsers and the code after them get wrong. */
export const hostileYaml = fc.oneof(
  fc.constantFrom(
    // Billion laughs.
    'a: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n',
    'x: !!js/function "function(){ return 1 }"\n',
    'x: !!binary aGVsbG8=\n',
    'x: !!set {a, b}\n',
    'x: !custom {a: 1}\n',
    'base: &b {kind: Bundle}\nmerged:\n  <<: *b\n',
    '__proto__: {polluted: yes}\n',
    'metadata:\n  __proto__:\n    polluted: yes\n',
    'constructor:\n  prototype:\n    polluted: yes\n',
    '? [a, b]\n: c\n',
    '1: x\nnull: y\ntrue: z\n',
    'a: 1\na: 2\n',
    '\tkind: Bundle\n',
    '\ufeffkind: Bundle\r\nmetadata:\r\n  name: x\r\n',
    '---\n---\n---\n',
    '...\n',
    '%YAML 1.1\n---\nx: yes\n',
    'x: 1e400\ny: .nan\nz: -.inf\nw: 0x1F\nv: 0o17\n',
    'x: 2001-12-14t21:59:43.10-05:00\n',
    '- a\n- b\n',
    '"just a string"\n',
    '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n',
    'x: "\\ud800"\n',
    'x: \u0000\n',
    `${'['.repeat(2000)}${']'.repeat(2000)}\n`,
    `${'a:\n '.repeat(300)}b\n`,
    `key: ${'x'.repeat(100_000)}\n`,
    Array.from({ length: 500 }, (_, i) => `---\nkind: Bundle\nn: ${i}`).join(
      '\n',
    ),
  ),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  // YAML-ish: indentation, colons, dashes and flow characters in random order.
  fc
    .array(
      fc.constantFrom(
        'a',
        ': ',
        '- ',
        '\n',
        '  ',
        '{',
        '}',
        '[',
        ']',
        ',',
        '&a ',
        '*a',
        '!',
        '#',
        '|',
        '>',
        '"',
        "'",
        '?',
      ),
      {
        maxLength: 60,
      },
    )
    .map(parts => parts.join('')),
);

type Path = Array<string | number>;

/** Every path to a node of `value` (the root excluded). */
function paths(value: unknown, base: Path = []): Path[] {
  if (Array.isArray(value))
    // A copy: a hostile `constructor` key on the array would break flatMap.
    return [...value].flatMap((v, i) => [
      [...base, i],
      ...paths(v, [...base, i]),
    ]);
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [
      [...base, k],
      ...paths(v, [...base, k]),
    ]);
  return [];
}

/** One edit that takes a definition away from valid. */
export type DefinitionEdit =
  | { op: 'delete'; pick: number }
  | { op: 'set'; pick: number; value: unknown }
  | { op: 'add'; pick: number; key: string; value: unknown };

const definitionEdit: fc.Arbitrary<DefinitionEdit> = fc.oneof(
  fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({
    op: fc.constant('set' as const),
    pick: fc.nat(),
    value: hostileValue,
  }),
  fc.record({
    op: fc.constant('set' as const),
    pick: fc.nat(),
    value: hostileName,
  }),
  fc.record({
    op: fc.constant('add' as const),
    pick: fc.nat(),
    key: hostileKey,
    value: hostileValue,
  }),
);

/** Applies an edit to a copy of `object` (as parsed YAML). */
export function applyEdit(object: unknown, edit: DefinitionEdit): unknown {
  const copy = structuredClone(object) as any;
  const all = paths(copy);
  if (!all.length) return copy;
  const path = all[edit.pick % all.length];
  const parent = path.slice(0, -1).reduce((node, k) => node[k], copy);
  const last = path[path.length - 1];
  if (edit.op === 'delete') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else if (edit.op === 'set') {
    parent[last] = edit.value;
  } else {
    const target = parent[last];
    const holder =
      target && typeof target === 'object' && !Array.isArray(target)
        ? target
        : parent;
    // An own property even for __proto__, as YAML parsed into data has it.
    Object.defineProperty(holder, edit.key, {
      value: edit.value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

/** One edit that takes a whole repository away from valid. */
export const fleetEdit = fc.oneof(
  // A definition's data changed.
  fc.record({
    kind: fc.constant('definition' as const),
    file: fc.nat(),
    edits: fc.array(definitionEdit, { minLength: 1, maxLength: 3 }),
  }),
  // A definition's text cut, or a hostile fragment spliced in.
  fc.record({
    kind: fc.constant('text' as const),
    file: fc.nat(),
    at: fc.nat(),
    cut: fc.nat(40),
    insert: fc.oneof(
      hostileYaml,
      fc.constantFrom('\t', ':', '- ', '\n  ', '"', '&a', '*a', '---\n'),
    ),
  }),
  // A file moved, renamed, removed or added where it does not belong.
  fc.record({
    kind: fc.constant('move' as const),
    file: fc.nat(),
    to: fc.oneof(
      fc.constantFrom(
        'arlon/bundles/',
        'arlon/profiles/',
        'arlon/clusters/',
        'arlon/clusterspecs/',
        'arlon/',
        'arlon/clusters/extra/',
        'bundles/x/',
      ),
      dnsLabel(6).map(d => `arlon/${d}/`),
    ),
    name: fc.oneof(dnsLabel(10), hostileName),
    ext: fc.constantFrom('.yaml', '.yml', '.YAML', '.json', ''),
  }),
  fc.record({ kind: fc.constant('remove' as const), file: fc.nat() }),
  fc.record({
    kind: fc.constant('add' as const),
    path: fc.oneof(
      fc.constantFrom(
        'arlon/bundles/x.yaml',
        'arlon/clusters/extra.yaml',
        'arlon/profiles/p.yml',
        'bundles/x/a.yaml',
        'arlon/x.yaml',
      ),
      fc.string({ maxLength: 30 }).map(s => `arlon/${s}`),
    ),
    text: hostileYaml,
  }),
);

/** Applies repository edits to a copy of `files`. */
export function applyFleetEdits(
  files: FleetFiles,
  edits: ReadonlyArray<FleetEdit>,
): FleetFiles {
  const out = { ...files };
  for (const edit of edits) {
    const names = Object.keys(out).sort();
    if (edit.kind === 'add') {
      out[edit.path] = edit.text;
      continue;
    }
    if (!names.length) continue;
    const file = names[edit.file % names.length];
    if (edit.kind === 'definition') {
      let value: unknown;
      try {
        value = parse(out[file]);
      } catch {
        continue;
      }
      for (const e of edit.edits) value = applyEdit(value, e);
      out[file] = stringify(value);
    } else if (edit.kind === 'text') {
      const text = out[file];
      const at = edit.at % (text.length + 1);
      out[file] = text.slice(0, at) + edit.insert + text.slice(at + edit.cut);
    } else if (edit.kind === 'move') {
      const text = out[file];
      delete out[file];
      out[`${edit.to}${edit.name}${edit.ext}`] = text;
    } else {
      delete out[file];
    }
  }
  return out;
}

/** One edit of a whole repository (fleetEdit). */
export type FleetEdit = typeof fleetEdit extends fc.Arbitrary<infer E>
  ? E
  : never;

/** A valid fleet with one to three edits: nearly valid, the usual shape of a broken commit. */
export const nearlyValidFleetFiles: fc.Arbitrary<FleetFiles> = fc
  .tuple(validFleetFiles, fc.array(fleetEdit, { minLength: 1, maxLength: 3 }))
  .map(([files, edits]) => applyFleetEdits(files, edits));

/** Any files at all under arlon/ and bundles/, mostly nonsense. */
export const hostileFleetFiles: fc.Arbitrary<FleetFiles> = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          'arlon/bundles/',
          'arlon/profiles/',
          'arlon/clusterspecs/',
          'arlon/clusters/',
          'bundles/b/',
        ),
        fc.string({ maxLength: 10 }).map(s => `arlon/${s}/`),
      ),
      fc.oneof(dnsLabel(8), hostileName),
      fc.constantFrom('.yaml', '.yml', ''),
      hostileYaml,
    ),
    { maxLength: 6 },
  )
  .map(entries =>
    Object.fromEntries(
      entries.map(([dir, name, ext, text]) => [`${dir}${name}${ext}`, text]),
    ),
  );

/** Valid, nearly valid and hostile repositories, weighted towards the nearly valid. */
export const anyFleetFiles: fc.Arbitrary<FleetFiles> = fc.oneof(
  { arbitrary: validFleetFiles, weight: 1 },
  { arbitrary: nearlyValidFleetFiles, weight: 4 },
  { arbitrary: hostileFleetFiles, weight: 1 },
);
