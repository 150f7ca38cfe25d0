import { formatFieldPath, Problem, sortProblems } from './Problem';

const at = (file: string, line: number, column: number): Problem => ({
  file,
  line,
  column,
  field: '',
  message: `${file}:${line}:${column}`,
});

describe('sortProblems', () => {
  it('orders by file, then line, then column, as an editor lists them', () => {
    const sorted = sortProblems([
      at('b.yaml', 1, 1),
      at('a.yaml', 10, 2),
      at('a.yaml', 2, 30),
      at('a.yaml', 10, 1),
      at('a.yaml', 2, 4),
    ]);
    expect(sorted.map(p => p.message)).toEqual([
      'a.yaml:2:4',
      'a.yaml:2:30',
      'a.yaml:10:1',
      'a.yaml:10:2',
      'b.yaml:1:1',
    ]);
  });

  it('leaves the list it was given as it was', () => {
    const problems = [at('b.yaml', 1, 1), at('a.yaml', 1, 1)];
    sortProblems(problems);
    expect(problems.map(p => p.file)).toEqual(['b.yaml', 'a.yaml']);
  });
});

describe('formatFieldPath', () => {
  it('writes list indexes in brackets and fields with dots', () => {
    expect(formatFieldPath(['spec', 'nodePools', 0, 'replicas'])).toBe(
      'spec.nodePools[0].replicas',
    );
    expect(formatFieldPath([0, 'a'])).toBe('[0].a');
    expect(formatFieldPath([])).toBe('');
  });
});
