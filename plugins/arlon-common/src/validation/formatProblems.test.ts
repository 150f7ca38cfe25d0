import { formatProblems } from './formatProblems';
import type { Problem } from './Problem';

const at = (
  file: string,
  line: number,
  rest: Partial<Problem> = {},
): Problem => ({
  file,
  line,
  column: 3,
  field: '',
  message: 'something is wrong',
  ...rest,
});

describe('formatProblems', () => {
  it('writes one file:line:column line per problem, with its field and hint, and a summary', () => {
    const text = formatProblems([
      at('arlon/profiles/apps.yaml', 4, {
        field: 'spec.bundles',
        message: 'unknown bundle "web-bundel"',
        hint: 'Did you mean web-bundle?',
      }),
      at('arlon/profiles/apps.yaml', 9),
      at('arlon/bundles/web.yaml', 1, { column: 1 }),
    ]);
    expect(text).toBe(
      [
        'arlon/profiles/apps.yaml:4:3: unknown bundle "web-bundel" (spec.bundles)',
        '    hint: Did you mean web-bundle?',
        'arlon/profiles/apps.yaml:9:3: something is wrong',
        'arlon/bundles/web.yaml:1:1: something is wrong',
        '',
        '3 problems in 2 files',
        '',
      ].join('\n'),
    );
  });

  it('says "problem" and "file" for one, and puts paths under the root it is given', () => {
    expect(
      formatProblems([at('arlon/bundles/web.yaml', 2)], '/srv/fleet'),
    ).toBe(
      '/srv/fleet/arlon/bundles/web.yaml:2:3: something is wrong\n\n1 problem in 1 file\n',
    );
  });

  it('counts the files, not the problems', () => {
    const text = formatProblems([at('a.yaml', 1), at('a.yaml', 2)]);
    expect(text.endsWith('\n\n2 problems in 1 file\n')).toBe(true);
  });
});
