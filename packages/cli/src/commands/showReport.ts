import fs from 'node:fs/promises';
import {
  DiffReport,
  exportDiffReport,
  hasChanges,
} from '@arlon-backstage/plugin-arlon-common';
import { formatReport } from '../formatReport';
import type { Output } from '../Output';

export interface ReportOutput {
  json: boolean;
  color: boolean;
  /** Also write the report, as an exported file the portal can import. */
  save?: string;
}

/** Prints a report (and saves it); the exit code is `kubectl diff`'s: 0 equal, 1 different. */
export async function showReport(
  report: DiffReport,
  options: ReportOutput,
  io: Output,
): Promise<number> {
  const file = `${JSON.stringify(exportDiffReport(report), null, 2)}\n`;
  if (options.save) await fs.writeFile(options.save, file);
  io.out(options.json ? file : formatReport(report, options.color));
  return hasChanges(report.summary) ? 1 : 0;
}
