/** What one user may keep and send (arlon.limits). */
export interface ReportLimits {
  /** Largest report body, in bytes. */
  reportMaxBytes: number;
  /** Saved reports per user. */
  reportsPerUser: number;
  /** Bytes of saved reports per user. */
  reportBytesPerUser: number;
}

const mb = (bytes: number) =>
  `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** A report body over the size limit: 413 (Backstage's error handler takes the status from `statusCode`). */
export class ReportTooLargeError extends Error {
  readonly statusCode = 413;
  constructor(maxBytes: number) {
    super(
      `The diff report is larger than ${mb(
        maxBytes,
      )}, the most one report may be. Save a narrower comparison (one bundle, or fewer clusters), or ask an administrator to raise arlon.limits.reportMaxMegabytes.`,
    );
    this.name = 'ReportTooLargeError';
  }
}

/** A save that would take a user over their quota of saved reports: 429. */
export class ReportQuotaError extends Error {
  readonly statusCode = 429;
  constructor(what: string, setting: string) {
    super(
      `You have reached your quota of saved diff reports (${what}). Delete reports you no longer need (DELETE /api/arlon/diff/reports/<id>, or Delete in the Diff tab's saved reports), then save again; an administrator can raise arlon.limits.${setting}.`,
    );
    this.name = 'ReportQuotaError';
  }
}

/** Throws when saving `bytes` more would exceed `limits` given what the user keeps now. */
export function checkQuota(
  usage: { count: number; bytes: number },
  bytes: number,
  limits: ReportLimits,
): void {
  if (usage.count + 1 > limits.reportsPerUser)
    throw new ReportQuotaError(
      `${usage.count} of ${limits.reportsPerUser} reports`,
      'reportsPerUser',
    );
  if (usage.bytes + bytes > limits.reportBytesPerUser)
    throw new ReportQuotaError(
      `${mb(usage.bytes)} kept, ${mb(bytes)} more would pass ${mb(
        limits.reportBytesPerUser,
      )}`,
      'reportMegabytesPerUser',
    );
}
