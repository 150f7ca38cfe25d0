import { builtinModules } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

// The browser imports arlon-common's index (the frontend's client types and
// the contract's schemas): no source file it can reach may import a Node
// module. Tests and test helpers may.
const SRC = path.resolve(__dirname, '..');
const NODE_ONLY = new Set(builtinModules.flatMap(m => [m, `node:${m}`]));

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory())
      return ['testing', '__testUtils__'].includes(entry.name)
        ? []
        : sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
      ? [file]
      : [];
  });
}

describe('arlon-common in a browser', () => {
  it('imports no Node module from its sources', () => {
    const offending = sources(SRC).flatMap(file =>
      [
        ...fs
          .readFileSync(file, 'utf8')
          .matchAll(/(?:from|import|require\()\s*['"]([^'"]+)['"]/g),
      ]
        .map(m => m[1])
        .filter(specifier => NODE_ONLY.has(specifier))
        .map(specifier => `${path.relative(SRC, file)}: ${specifier}`),
    );
    expect(offending).toEqual([]);
  });

  it('finds the contract among its sources', () => {
    expect(sources(SRC).map(f => path.relative(SRC, f))).toContain(
      path.join('api', 'problems.ts'),
    );
  });
});
