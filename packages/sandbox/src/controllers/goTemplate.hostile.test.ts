import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import {
  compileFleet,
  validateFleet,
} from '@arlon-backstage/plugin-arlon-common';
import { renderTemplate, TemplateError } from './goTemplate';

const EXAMPLE = path.resolve(__dirname, '../../../../examples/fleet');

/** The example fleet's files, by path relative to it. */
function readFleetDir(rel = ''): Record<string, string> {
  return Object.fromEntries(
    fs
      .readdirSync(path.join(EXAMPLE, rel), { withFileTypes: true })
      .flatMap(e => {
        const file = path.posix.join(rel, e.name);
        if (e.isDirectory()) return Object.entries(readFleetDir(file));
        return [[file, fs.readFileSync(path.join(EXAMPLE, file), 'utf8')]];
      }),
  );
}

/**
 * Go's lexer ends an action at the first `}}` outside a string literal; the
 * sandbox's ArgoCD must read the compiler's templatePatch as ArgoCD would,
 * even when a fixed value (the fleet's repository URL) holds braces.
 */
describe('Go template actions with braces inside string literals', () => {
  it.each([
    ['{{ "a}}b" }}', 'a}}b'],
    ['{{ "{{ .name }}" }}', '{{ .name }}'],
    ['{{ "say \\"}}\\"" }}', 'say "}}"'],
    ['x{{- " }} " -}}y', 'x }} y'],
  ])('%s renders %s', (template, expected) => {
    expect(renderTemplate(template, { name: 'N' }, true)).toBe(expected);
  });

  it('an unclosed string literal is an unclosed action, not a crash', () => {
    expect(() => renderTemplate('{{ "a}} ', {}, true)).toThrow(TemplateError);
  });

  it("renders the compiler's templatePatch to the fleet's own repository URL, braces and all", () => {
    const { fleet, problems } = validateFleet(readFleetDir());
    expect(problems).toEqual([]);
    const repoUrl = 'https://git.example.com/{{ .name }}/a}}b.git';
    const generated = compileFleet(fleet, { repoUrl, revision: 'main' });
    const appset = parse(
      generated['generated/argocd/profiles/infrastructure.yaml'],
    );
    const element =
      appset.spec.generators[0].matrix.generators[1].list.elements.find(
        (e: any) => e.type === 'chart',
      );
    expect(element).toBeDefined();
    const patch = parse(
      renderTemplate(
        appset.spec.templatePatch,
        { ...element, name: 'prod-us-west', server: 'https://prod' },
        true,
      ),
    );
    expect(patch.spec.sources[1]).toMatchObject({
      repoURL: repoUrl,
      ref: 'values',
    });
  });
});
