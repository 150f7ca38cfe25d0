import { parsePatch } from 'diff';

/** One row of a side-by-side view: the live line on the left, the desired one on the right. */
export interface SideBySideRow {
  left?: { number: number; text: string; changed: boolean };
  right?: { number: number; text: string; changed: boolean };
  /** A hunk header between rows (`@@ … @@`). */
  hunk?: string;
}

/**
 * Splits a unified diff into aligned rows: unchanged lines on both sides,
 * removals on the left paired with the additions that replace them.
 */
export function sideBySide(unified: string): SideBySideRow[] {
  const rows: SideBySideRow[] = [];
  for (const file of parsePatch(unified)) {
    for (const hunk of file.hunks) {
      rows.push({
        hunk: `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
      });
      let oldLine = hunk.oldStart;
      let newLine = hunk.newStart;
      let removed: SideBySideRow['left'][] = [];
      let added: SideBySideRow['right'][] = [];
      const flush = () => {
        for (let i = 0; i < Math.max(removed.length, added.length); i++)
          rows.push({ left: removed[i], right: added[i] });
        removed = [];
        added = [];
      };
      for (const line of hunk.lines) {
        const text = line.slice(1);
        if (line.startsWith('-'))
          removed.push({ number: oldLine++, text, changed: true });
        else if (line.startsWith('+'))
          added.push({ number: newLine++, text, changed: true });
        else if (line.startsWith(' ')) {
          flush();
          rows.push({
            left: { number: oldLine++, text, changed: false },
            right: { number: newLine++, text, changed: false },
          });
        }
      }
      flush();
    }
  }
  return rows;
}
