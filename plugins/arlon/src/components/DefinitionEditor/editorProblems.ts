import type { Problem } from '@arlon-backstage/plugin-arlon-common';

/** A problem placed in the editor's text: offsets CodeMirror can underline. */
export interface PlacedProblem {
  problem: Problem;
  /** 1-based line inside the edited text (clamped to it). */
  line: number;
  from: number;
  to: number;
}

/**
 * The check's problems split by where they are: in the edited file (placed
 * at their line, from their column to the line's end, so the editor can
 * underline them) or elsewhere in the fleet (an unknown reference can be
 * reported against another file, e.g. a cluster naming this profile).
 * Lines past the text's end (it changed since the check) go to its last line.
 */
export function placeProblems(
  problems: Problem[],
  file: string,
  text: string,
): { here: PlacedProblem[]; elsewhere: Problem[] } {
  const starts = lineStarts(text);
  const here: PlacedProblem[] = [];
  const elsewhere: Problem[] = [];
  for (const problem of problems) {
    if (problem.file !== file) {
      elsewhere.push(problem);
      continue;
    }
    const line = Math.min(Math.max(1, problem.line || 1), starts.length);
    const start = starts[line - 1];
    const end = line < starts.length ? starts[line] - 1 : text.length;
    const from = Math.min(start + Math.max(0, (problem.column || 1) - 1), end);
    // An empty range is hard to see: underline the whole line then.
    here.push({ problem, line, from: from < end ? from : start, to: end });
  }
  here.sort((a, b) => a.line - b.line || a.from - b.from);
  return { here, elsewhere };
}

/** Offsets where each line of `text` starts. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++)
    if (text[i] === '\n') starts.push(i + 1);
  return starts;
}
