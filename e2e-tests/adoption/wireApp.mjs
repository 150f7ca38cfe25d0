// Wires our plugins into a fresh create-app app with the snippets our READMEs
// show, taken from the READMEs themselves, so a README that does not compile
// or does not work fails the adoption test. Each snippet is the code block
// right after a marker `<!-- adoption: <id> -->`; the plan below says where a
// snippet goes in the generated app, the way a reader would place it.
//
// An `install` marker before a sh block gives the commands that add packages;
// `--print-install` prints them, in README order, for the test to run.
// An `app-config` marker before a yaml block is configuration merged into the
// app's app-config.yaml as a reader would add it: maps merged key by key, list
// entries appended (a catalog location joins create-app's), other values set.
//
// usage: node wireApp.mjs <repo dir> <app dir>
//        node wireApp.mjs <repo dir> --print-install
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isMap, isSeq, parse, parseDocument } from 'yaml';

const [repo, app] = process.argv.slice(2);

/** Where each README snippet goes: the file, and the line it goes before/after or replaces. */
const PLAN = [
  // plugins/arlon (legacy frontend)
  { id: 'app-imports', file: 'packages/app/src/App.tsx', at: 'after-imports' },
  { id: 'app-bind', file: 'packages/app/src/App.tsx', after: 'bindRoutes({ bind }) {' },
  { id: 'app-route', file: 'packages/app/src/App.tsx', before: '</FlatRoutes>' },
  {
    id: 'app-scaffolder-route',
    file: 'packages/app/src/App.tsx',
    replace: '<Route path="/create" element={<ScaffolderPage />} />',
  },
  { id: 'root-imports', file: 'packages/app/src/components/Root/Root.tsx', at: 'after-imports' },
  {
    id: 'root-sidebar',
    file: 'packages/app/src/components/Root/Root.tsx',
    after: '<SidebarItem icon={CreateComponentIcon} to="create" text="Create..." />',
  },
  {
    id: 'entity-imports',
    file: 'packages/app/src/components/catalog/EntityPage.tsx',
    at: 'after-imports',
  },
  {
    id: 'entity-page',
    file: 'packages/app/src/components/catalog/EntityPage.tsx',
    before: 'export const entityPage = (',
  },
  {
    id: 'entity-case',
    file: 'packages/app/src/components/catalog/EntityPage.tsx',
    after: "<EntitySwitch.Case if={isKind('domain')} children={domainPage} />",
  },
  // the backend plugin and modules
  { id: 'backend-add', file: 'packages/backend/src/index.ts', before: 'backend.start();' },
];

const READMES = [
  'plugins/arlon/README.md',
  'plugins/arlon-backend/README.md',
  'plugins/catalog-backend-module-arlon/README.md',
  'plugins/scaffolder-backend-module-arlon/README.md',
  'plugins/kubernetes-backend-module-arlon/README.md',
];

/** id → the snippets (several READMEs may add to the same place, e.g. backend-add). */
function readSnippets() {
  const snippets = new Map();
  for (const readme of READMES) {
    let text;
    try {
      text = readFileSync(path.join(repo, readme), 'utf8');
    } catch {
      continue;
    }
    const marker = /<!-- adoption: ([a-z-]+) -->\s*\n```[a-z]*\n([\s\S]*?)\n```/g;
    for (const [, id, code] of text.matchAll(marker)) {
      if (!['install', 'app-config'].includes(id) && !PLAN.some(step => step.id === id))
        throw new Error(`${readme}: unknown adoption marker "${id}"`);
      snippets.set(id, [...(snippets.get(id) ?? []), code]);
    }
  }
  return snippets;
}

function lastImportEnd(source) {
  // The end of the last top-level import statement (imports span lines).
  const imports = [...source.matchAll(/^import[\s\S]*?from\s+['"][^'"]+['"];?\s*$/gm)];
  if (imports.length === 0) return 0;
  const last = imports[imports.length - 1];
  return last.index + last[0].length;
}

function place(source, step, code) {
  if (step.at === 'after-imports') {
    const end = lastImportEnd(source);
    return `${source.slice(0, end)}\n${code}\n${source.slice(end)}`;
  }
  const anchor = step.before ?? step.after ?? step.replace;
  const index = source.indexOf(anchor);
  if (index < 0)
    throw new Error(`${step.file}: "${anchor}" not found for snippet ${step.id}`);
  if (step.replace)
    return source.slice(0, index) + code + source.slice(index + anchor.length);
  if (step.before) {
    const lineStart = source.lastIndexOf('\n', index) + 1;
    return `${source.slice(0, lineStart)}${code}\n${source.slice(lineStart)}`;
  }
  const lineEnd = source.indexOf('\n', index + anchor.length);
  return `${source.slice(0, lineEnd + 1)}${code}\n${source.slice(lineEnd + 1)}`;
}

/** Merges `value` into the document at `keys`, keeping the file's comments. */
function mergeConfig(doc, keys, value) {
  const existing = doc.getIn(keys, true);
  if (value && typeof value === 'object' && !Array.isArray(value) && isMap(existing)) {
    for (const [key, child] of Object.entries(value)) mergeConfig(doc, [...keys, key], child);
  } else if (Array.isArray(value) && isSeq(existing)) {
    for (const item of value) existing.add(doc.createNode(item));
  } else {
    doc.setIn(keys, value);
  }
}

function wireConfig(codes) {
  const file = path.join(app, 'app-config.yaml');
  const doc = parseDocument(readFileSync(file, 'utf8'));
  for (const code of codes) {
    const snippet = parse(code);
    if (!snippet || typeof snippet !== 'object' || Array.isArray(snippet))
      throw new Error(`an app-config snippet is not a YAML map:\n${code}`);
    mergeConfig(doc, [], snippet);
  }
  if (doc.errors.length) throw new Error(`app-config.yaml: ${doc.errors.join('; ')}`);
  writeFileSync(file, doc.toString({ flowCollectionPadding: false, lineWidth: 0 }));
  process.stdout.write(`merged ${codes.length} app-config snippet(s) into app-config.yaml\n`);
}

const snippets = readSnippets();
if (app === '--print-install') {
  process.stdout.write(`${(snippets.get('install') ?? []).join('\n')}\n`);
  process.exit(0);
}
if (snippets.has('app-config')) wireConfig(snippets.get('app-config'));
for (const step of PLAN) {
  const codes = snippets.get(step.id);
  if (!codes) throw new Error(`no README has the snippet "${step.id}"`);
  const file = path.join(app, step.file);
  let source = readFileSync(file, 'utf8');
  for (const code of codes) source = place(source, step, code);
  writeFileSync(file, source);
  process.stdout.write(`wired ${step.id} into ${step.file}\n`);
}
