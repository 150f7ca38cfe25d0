import type { Problem } from '@arlon-backstage/plugin-arlon-common';
import { lineStarts, placeProblems } from './editorProblems';

const FILE = 'arlon/profiles/apps.yaml';
const problem = (over: Partial<Problem>): Problem => ({
  file: FILE,
  line: 1,
  column: 1,
  field: '',
  message: 'm',
  ...over,
});
const text = 'kind: Profile\nspec:\n  bundles: [nope]\n';

describe('placeProblems', () => {
  it('places a problem of the edited file from its column to the end of its line', () => {
    const { here } = placeProblems(
      [problem({ line: 3, column: 13 })],
      FILE,
      text,
    );
    expect(here).toHaveLength(1);
    expect(here[0].line).toBe(3);
    expect(text.slice(here[0].from, here[0].to)).toBe('nope]');
  });

  it("underlines the whole line when the column is at or past the line's end", () => {
    const { here } = placeProblems(
      [problem({ line: 2, column: 40 })],
      FILE,
      text,
    );
    expect(text.slice(here[0].from, here[0].to)).toBe('spec:');
  });

  it('keeps problems of other files apart, as they came', () => {
    const other = problem({ file: 'arlon/clusters/dev-local.yaml', line: 7 });
    const { here, elsewhere } = placeProblems([other, problem({})], FILE, text);
    expect(elsewhere).toEqual([other]);
    expect(here.map(p => p.line)).toEqual([1]);
  });

  it('puts a line past the end (the text changed since the check) or below 1 on a line that exists', () => {
    const { here } = placeProblems(
      [problem({ line: 99 }), problem({ line: 0, column: 0 })],
      FILE,
      'a\nb',
    );
    expect(here.map(p => [p.line, p.from, p.to])).toEqual([
      [1, 0, 1],
      [2, 2, 3],
    ]);
  });

  it('sorts by line, then column', () => {
    const { here } = placeProblems(
      [
        problem({ line: 3, column: 5 }),
        problem({ line: 1 }),
        problem({ line: 3, column: 3 }),
      ],
      FILE,
      text,
    );
    expect(here.map(p => [p.line, p.problem.column])).toEqual([
      [1, 1],
      [3, 3],
      [3, 5],
    ]);
  });
});

describe('lineStarts', () => {
  it('gives the offset of each line, an empty last line included', () => {
    expect(lineStarts('ab\nc\n')).toEqual([0, 3, 5]);
    expect(lineStarts('')).toEqual([0]);
  });
});
