import { parse } from 'yaml';
import { EXAMPLE_FLEET_DIR, readFleetDir } from '../testing/readFleetDir';
import { validateFleet } from '../validation/validateFleet';
import { compileFleet } from './compileFleet';

/**
 * The fleet's repository URL and revision are written as fixed text into
 * each Helm profile's templatePatch, which ArgoCD renders as a Go template
 * and then parses as YAML. They come from configuration, or from
 * generated/ read back by `arlon regenerate`: a `{{` or `}}` in them must
 * reach ArgoCD as text, never as template, and quotes or a colon must not
 * break the YAML.
 */
const { fleet, problems } = validateFleet(readFleetDir(EXAMPLE_FLEET_DIR));

/**
 * What Go prints for a fixed value: `{{ "<literal>" }}` prints the literal
 * (these literals use JSON's escapes only); any other `{{` or `}}` would be
 * an action ArgoCD evaluates, which is the failure this test looks for.
 */
const goEvaluated = (value: string): string => {
  const literal = /^\{\{ ("(?:[^"\\]|\\.)*") \}\}$/.exec(value);
  if (literal) return JSON.parse(literal[1]);
  if (value.includes('{{') || value.includes('}}'))
    throw new Error(`ArgoCD would read template syntax in ${value}`);
  return value;
};

/** The repoURL and targetRevision of the values source in each templatePatch, as ArgoCD would read them. */
function valuesSources(repoUrl: string, revision: string) {
  const generated = compileFleet(fleet, { repoUrl, revision });
  const patches = Object.entries(generated)
    .filter(([path]) => path.startsWith('generated/argocd/profiles/'))
    .map(([, text]) => parse(text).spec.templatePatch)
    .filter(Boolean) as string[];
  expect(patches.length).toBeGreaterThan(0);
  return patches.flatMap(patch => {
    const lines = patch.split('\n');
    return lines
      .map((line, i) => [line, lines[i + 1]] as const)
      .filter(
        ([line]) =>
          line.trim().startsWith('- repoURL: ') && !line.includes('.repoURL'),
      )
      .map(([url, rev]) => ({
        repoURL: JSON.parse(
          goEvaluated(url.trim().slice('- repoURL: '.length)),
        ),
        targetRevision: JSON.parse(
          goEvaluated(rev.trim().slice('targetRevision: '.length)),
        ),
      }));
  });
}

describe('fixed values in a Helm profile templatePatch', () => {
  it('the example fleet is valid', () => expect(problems).toEqual([]));

  it.each([
    [
      'a template action',
      'https://git.example.com/{{ .name }}/fleet.git',
      'main',
    ],
    ['a closing brace pair alone', 'https://git.example.com/a}}b.git', 'v1}}'],
    ['quotes and a colon', 'https://git.example.com/"a": b.git', "it's"],
    ['a backslash', 'https://git.example.com/a\\b.git', 'release\\1'],
  ])('%s reaches ArgoCD as the same text', (_label, repoUrl, revision) => {
    const sources = valuesSources(repoUrl, revision);
    expect(sources.length).toBeGreaterThan(0);
    for (const s of sources)
      expect(s).toEqual({ repoURL: repoUrl, targetRevision: revision });
  });

  it('a value with braces is a Go string literal, so ArgoCD evaluates no action in it', () => {
    const generated = compileFleet(fleet, {
      repoUrl: 'https://git.example.com/{{ .name }}.git',
      revision: 'main',
    });
    const patch: string = parse(
      generated['generated/argocd/profiles/infrastructure.yaml'],
    ).spec.templatePatch;
    expect(patch).toContain(
      `    - repoURL: {{ ${JSON.stringify(
        JSON.stringify('https://git.example.com/{{ .name }}.git'),
      )} }}`,
    );
  });
});
