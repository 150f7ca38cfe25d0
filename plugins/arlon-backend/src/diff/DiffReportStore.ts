import { randomUUID } from 'node:crypto';
import {
  DatabaseService,
  resolvePackagePath,
} from '@backstage/backend-plugin-api';
import type {
  DiffReport,
  SavedDiffReport,
  SavedDiffReportSummary,
} from '@arlon-backstage/plugin-arlon-common';
import type { Knex } from 'knex';
import { checkQuota, ReportLimits, ReportTooLargeError } from './reportLimits';

const TABLE = 'arlon_diff_reports';

/** Saved diff reports in the plugin's database (SQLite or PostgreSQL). */
export class DiffReportStore {
  static async create(database: DatabaseService): Promise<DiffReportStore> {
    const knex = await database.getClient();
    if (!database.migrations?.skip) {
      await knex.migrate.latest({
        directory: resolvePackagePath(
          '@arlon-backstage/plugin-arlon-backend',
          'migrations',
        ),
        tableName: 'arlon_knex_migrations',
      });
    }
    return new DiffReportStore(knex);
  }

  private constructor(private readonly knex: Knex) {}

  /**
   * Saves `report` for `savedBy`. With `limits`, refuses (413, 429) a report
   * over the size limit or one that would take the user over their quota;
   * the user's usage is read and the row written in one transaction.
   */
  async save(
    report: DiffReport,
    savedBy: string,
    now = new Date(),
    limits?: ReportLimits,
  ): Promise<SavedDiffReport> {
    const text = JSON.stringify(report);
    const bytes = Buffer.byteLength(text);
    if (limits && bytes > limits.reportMaxBytes)
      throw new ReportTooLargeError(limits.reportMaxBytes);
    const saved: SavedDiffReport = {
      ...report,
      id: randomUUID(),
      savedBy,
      savedAt: now.toISOString(),
    };
    await this.knex.transaction(async tx => {
      if (limits) checkQuota(await usageOf(tx, savedBy), bytes, limits);
      await tx(TABLE).insert({
        id: saved.id,
        title: report.title,
        left_target: JSON.stringify(report.left),
        right_target: JSON.stringify(report.right),
        created_at: report.createdAt,
        summary: JSON.stringify(report.summary),
        saved_by: savedBy,
        saved_at: now,
        report: text,
      });
    });
    return saved;
  }

  /** How many reports `savedBy` keeps, and their size. */
  async usage(savedBy: string): Promise<{ count: number; bytes: number }> {
    return usageOf(this.knex, savedBy);
  }

  /** Newest first. */
  async list(
    options: { limit?: number; offset?: number } = {},
  ): Promise<SavedDiffReportSummary[]> {
    const rows = await this.knex(TABLE)
      .select(
        'id',
        'title',
        'left_target',
        'right_target',
        'created_at',
        'summary',
        'saved_by',
        'saved_at',
      )
      .orderBy([
        { column: 'saved_at', order: 'desc' },
        { column: 'id', order: 'asc' },
      ])
      .limit(options.limit ?? 100)
      .offset(options.offset ?? 0);
    return rows.map(row => ({
      id: row.id,
      title: row.title,
      left: JSON.parse(row.left_target),
      right: JSON.parse(row.right_target),
      createdAt: row.created_at,
      summary: JSON.parse(row.summary),
      savedBy: row.saved_by,
      savedAt: toIso(row.saved_at),
    }));
  }

  async get(id: string): Promise<SavedDiffReport | undefined> {
    const row = await this.knex(TABLE)
      .where({ id })
      .first('report', 'saved_by', 'saved_at');
    if (!row) return undefined;
    return {
      ...JSON.parse(row.report),
      id,
      savedBy: row.saved_by,
      savedAt: toIso(row.saved_at),
    };
  }

  /** Whether a report was there to delete. */
  async delete(id: string): Promise<boolean> {
    return (await this.knex(TABLE).where({ id }).delete()) > 0;
  }
}

async function usageOf(
  knex: Knex,
  savedBy: string,
): Promise<{ count: number; bytes: number }> {
  // length() counts characters on both databases: a report's JSON is
  // nearly all ASCII, so characters are bytes to within the quota's slack.
  const row = await knex(TABLE)
    .where({ saved_by: savedBy })
    .first(
      knex.raw('count(*) as count'),
      knex.raw('coalesce(sum(length(report)), 0) as bytes'),
    );
  return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** PostgreSQL gives a Date back; SQLite a number or string. */
function toIso(value: Date | string | number): string {
  return new Date(value).toISOString();
}
