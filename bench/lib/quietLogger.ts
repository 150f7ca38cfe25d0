import type { LoggerService } from '@backstage/backend-plugin-api';

/** Warnings (retries) still show; the rest is noise at fleet scale. */
export const quietLogger: LoggerService = {
  error: (m: string) => console.error(m),
  warn: (m: string) => console.warn(m),
  info: () => {},
  debug: () => {},
  child: () => quietLogger,
};

/** Milliseconds at percentile `p` of an ascending list. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
