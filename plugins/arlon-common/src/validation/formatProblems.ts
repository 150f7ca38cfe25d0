import type { Problem } from './Problem';

/** Compiler-style lines editors can jump to: `file:line:column: message`. */
export function formatProblems(problems: Problem[], root?: string): string {
  const lines = problems.map(p => {
    const field = p.field ? ` (${p.field})` : '';
    const hint = p.hint ? `\n    hint: ${p.hint}` : '';
    return `${root ? `${root}/` : ''}${p.file}:${p.line}:${p.column}: ${
      p.message
    }${field}${hint}`;
  });
  const files = new Set(problems.map(p => p.file)).size;
  const summary = `${problems.length} problem${
    problems.length === 1 ? '' : 's'
  } in ${files} file${files === 1 ? '' : 's'}`;
  return `${lines.join('\n')}\n\n${summary}\n`;
}
