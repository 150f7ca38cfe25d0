import {
  mockServices,
  TestDatabaseId,
  TestDatabases,
} from '@backstage/backend-test-utils';
import type { DatabaseService } from '@backstage/backend-plugin-api';
import type { DiffReport } from '@arlon-backstage/plugin-arlon-common';
import { DiffReportStore } from './DiffReportStore';
import { ReportQuotaError, ReportTooLargeError } from './reportLimits';

/** SQLite always; PostgreSQL when scripts/test.sh started one (see DiffReportStore.test.ts). */
const ids = ['SQLITE_3', process.env.ARLON_TEST_POSTGRES].filter(
  Boolean,
) as TestDatabaseId[];
const databases = TestDatabases.create({ ids });

const report = (title: string, note = ''): DiffReport => ({
  title,
  left: { kind: 'cluster', name: 'qa-1' },
  right: { kind: 'bundle', name: 'web' },
  createdAt: '2026-12-02T10:00:00.000Z',
  summary: { create: 0, update: 0, delete: 0, unchanged: 0 },
  sections: [
    {
      title,
      cluster: 'qa-1',
      method: 'client-side',
      notes: note ? [note] : [],
      summary: { create: 0, update: 0, delete: 0, unchanged: 0 },
      objects: [],
    },
  ],
});

const MB = 1024 * 1024;

describe.each(databases.eachSupportedId())(
  'DiffReportStore limits on %p',
  id => {
    let store: DiffReportStore;
    beforeEach(async () => {
      const knex = await databases.init(id);
      store = await DiffReportStore.create(
        mockServices.database({ knex }) as DatabaseService,
      );
    });

    const limits = {
      reportMaxBytes: 1 * MB,
      reportsPerUser: 2,
      reportBytesPerUser: 2 * MB,
    };

    it('refuses a report over the size limit with a 413 that says what to do, and saves nothing', async () => {
      const error = await store
        .save(
          report('huge', 'x'.repeat(1.5 * MB)),
          'user:default/mallory',
          undefined,
          limits,
        )
        .catch(e => e);
      expect(error).toBeInstanceOf(ReportTooLargeError);
      expect(error.statusCode).toBe(413);
      expect(error.message).toBe(
        'The diff report is larger than 1 MB, the most one report may be. Save a narrower comparison (one bundle, or fewer clusters), or ask an administrator to raise arlon.limits.reportMaxMegabytes.',
      );
      expect(await store.list()).toEqual([]);
    });

    it("refuses a user's report past their count quota with a 429 naming what to delete, and leaves other users alone", async () => {
      const mallory = 'user:default/mallory';
      await store.save(report('one'), mallory, undefined, limits);
      const two = await store.save(report('two'), mallory, undefined, limits);

      const error = await store
        .save(report('three'), mallory, undefined, limits)
        .catch(e => e);
      expect(error).toBeInstanceOf(ReportQuotaError);
      expect(error.statusCode).toBe(429);
      expect(error.message).toBe(
        "You have reached your quota of saved diff reports (2 of 2 reports). Delete reports you no longer need (DELETE /api/arlon/diff/reports/<id>, or Delete in the Diff tab's saved reports), then save again; an administrator can raise arlon.limits.reportsPerUser.",
      );
      expect((await store.list()).map(r => r.title).sort()).toEqual([
        'one',
        'two',
      ]);

      // Someone else is not affected; deleting one frees a place.
      await store.save(report('ana'), 'user:default/ana', undefined, limits);
      await store.delete(two.id);
      await store.save(report('three'), mallory, undefined, limits);
      expect(await store.usage(mallory)).toEqual({
        count: 2,
        bytes: expect.any(Number),
      });
    });

    it("refuses a report that would take the user's saved bytes past their quota", async () => {
      const mallory = 'user:default/mallory';
      const big = 'x'.repeat(0.8 * MB);
      await store.save(report('a', big), mallory, undefined, {
        ...limits,
        reportsPerUser: 10,
      });
      await store.save(report('b', big), mallory, undefined, {
        ...limits,
        reportsPerUser: 10,
      });
      const error = await store
        .save(report('c', big), mallory, undefined, {
          ...limits,
          reportsPerUser: 10,
        })
        .catch(e => e);
      expect(error).toBeInstanceOf(ReportQuotaError);
      expect(error.message).toMatch(
        /^You have reached your quota of saved diff reports \(1\.6 MB kept, 0\.8 MB more would pass 2 MB\)\. Delete reports you no longer need .*arlon\.limits\.reportMegabytesPerUser\.$/,
      );
      expect(await store.list()).toHaveLength(2);
    });
  },
);
