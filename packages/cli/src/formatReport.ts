import type {
  DiffReport,
  DiffSection,
  ObjectDiff,
} from '@arlon-backstage/plugin-arlon-common';

const ANSI = {
  bold: '\x1b[1m',
  red: '\x1b[31m',
  green: '\x1b[32m',
  yellow: '\x1b[33m',
  cyan: '\x1b[36m',
  dim: '\x1b[2m',
  reset: '\x1b[0m',
};

const METHOD: Record<DiffSection['method'], string> = {
  'server-side-dry-run': 'server-side dry-run apply',
  'client-side': 'client-side three-way comparison',
  exact: 'field by field',
};

const VERB: Record<ObjectDiff['action'], string> = {
  create: 'create',
  update: 'update',
  delete: 'delete',
  unchanged: 'same',
};

/**
 * A report as text: each section with how it was computed and its notes,
 * then each changed object one by one with its unified diff, then the
 * totals. Colour only when asked (a terminal).
 */
export function formatReport(report: DiffReport, color: boolean): string {
  const paint = (code: keyof typeof ANSI, text: string) =>
    color ? `${ANSI[code]}${text}${ANSI.reset}` : text;
  const lines: string[] = [];
  for (const s of report.sections) {
    lines.push(paint('bold', `=== ${s.title} (${METHOD[s.method]})`));
    if (s.error) lines.push(paint('red', `error: ${s.error}`));
    for (const note of s.notes) lines.push(paint('yellow', `note: ${note}`));
    for (const o of s.objects) {
      if (o.action === 'unchanged') continue;
      const where = [o.namespace, o.name].filter(Boolean).join('/');
      const from = o.bundle ? paint('dim', ` (${o.bundle})`) : '';
      lines.push(
        `${paint(
          o.action === 'delete' ? 'red' : 'green',
          VERB[o.action].padEnd(7),
        )}${o.group ? `${o.group}/` : ''}${o.kind} ${where}${from}`,
      );
      // The patch's own header (=== / --- / +++) repeats the line above.
      for (const line of o.unified.split('\n').slice(3)) {
        if (!line) continue;
        if (line.startsWith('@@')) lines.push(paint('cyan', line));
        else if (line.startsWith('+')) lines.push(paint('green', line));
        else if (line.startsWith('-')) lines.push(paint('red', line));
        else lines.push(line);
      }
    }
    const same = s.objects.filter(o => o.action === 'unchanged').length;
    if (same) lines.push(paint('dim', `${same} object(s) unchanged`));
    lines.push('');
  }
  const { create, update, delete: del, unchanged } = report.summary;
  lines.push(
    paint(
      'bold',
      `${report.title}: ${create} to create, ${update} to update, ${del} to delete, ${unchanged} unchanged`,
    ),
  );
  return `${lines.join('\n')}\n`;
}
