import path from 'node:path';
import {
  mockServices,
  startTestBackend,
  TestDatabases,
  type TestDatabaseId,
} from '@backstage/backend-test-utils';
import { schedulerServiceFactory } from '@backstage/backend-defaults/scheduler';
import { Sandbox, eventually } from '@arlon-backstage/arlon-sandbox';
import arlonPlugin from '@arlon-backstage/plugin-arlon-backend';
import type { Knex } from 'knex';

const EXAMPLE = path.resolve(__dirname, '../../../../examples/fleet');
/** Backstage's scheduler table (@backstage/backend-defaults), in the plugin's database. */
const TASKS = 'backstage_backend_tasks__tasks';

jest.setTimeout(180_000);

const ids = ['SQLITE_3', process.env.ARLON_TEST_POSTGRES].filter(
  Boolean,
) as TestDatabaseId[];
const databases = TestDatabases.create({ ids });

/** Seconds from the database's now to `column` of task `id`. */
async function secondsLeft(knex: Knex, id: string, column: string) {
  const sqlite = String(knex.client.config.client).includes('sqlite');
  const [row] = await knex(TASKS)
    .where({ id })
    .select({
      left: knex.raw(
        sqlite
          ? `(julianday(??) - julianday('now')) * 86400`
          : `extract(epoch from (?? - now()))`,
        [column],
      ),
    });
  return row ? Number(row.left) : undefined;
}

/**
 * The arlon plugin with Backstage's real scheduler: while it runs
 * registration it keeps the task's expiry a few seconds ahead, and it frees
 * its own task (never another plugin's) once a dead holder's lease runs out.
 */
describe.each(ids)('task leases on %s', databaseId => {
  let sandbox: Sandbox;
  let knex: Knex;

  const start = () =>
    startTestBackend({
      features: [
        arlonPlugin,
        schedulerServiceFactory,
        mockServices.database.factory({ knex }),
        mockServices.rootConfig.factory({
          data: { arlon: sandbox.arlonConfig() },
        }),
      ],
    });

  beforeAll(async () => {
    sandbox = await Sandbox.start({ fleetSeedDir: EXAMPLE });
    knex = await databases.init(databaseId);
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  it('keeps the running task a short lease, not the 15-minute timeout', async () => {
    const backend = await start();
    try {
      await eventually(
        async () =>
          (await knex(TASKS).where({ id: 'arlon-registration' }).first())
            ?.current_run_ticket,
        'registration claimed',
      );
      // Claimed with the 15-minute timeout, then renewed to the lease.
      await eventually(
        async () =>
          ((await secondsLeft(
            knex,
            'arlon-registration',
            'current_run_expires_at',
          )) ?? Infinity) <= 10,
        'the lease renewed',
      );
    } finally {
      await backend.stop();
    }
    // A graceful stop hands the task back at once.
    const row = await knex(TASKS).where({ id: 'arlon-registration' }).first();
    expect(row.current_run_ticket).toBeNull();
  });

  it("frees a dead holder's registration once its lease runs out, and never another plugin's task", async () => {
    // A replica that renewed its lease and then died (SIGKILL): its ticket stays.
    const soon = String(knex.client.config.client).includes('sqlite')
      ? knex.raw(`datetime('now', '+3 seconds')`)
      : knex.raw(`now() + interval '3 seconds'`);
    const past = String(knex.client.config.client).includes('sqlite')
      ? knex.raw(`datetime('now', '-60 seconds')`)
      : knex.raw(`now() - interval '60 seconds'`);
    await knex(TASKS).where({ id: 'arlon-registration' }).update({
      current_run_ticket: 'dead-replica',
      current_run_started_at: knex.fn.now(),
      current_run_expires_at: soon,
    });
    await knex(TASKS).insert({
      id: 'someone-elses-task',
      settings_json: JSON.stringify({ version: 2, cadence: 'PT1M', timeoutAfterDuration: 'PT1M' }),
      next_run_start_at: knex.fn.now(),
      current_run_ticket: 'their-replica',
      current_run_started_at: knex.fn.now(),
      current_run_expires_at: past,
    });
    const backend = await start();
    try {
      await eventually(
        async () => {
          const row = await knex(TASKS)
            .where({ id: 'arlon-registration' })
            .first();
          return row.current_run_ticket && row.current_run_ticket !== 'dead-replica';
        },
        'registration claimed by the live replica',
        30_000,
      );
      const other = await knex(TASKS)
        .where({ id: 'someone-elses-task' })
        .first();
      expect(other.current_run_ticket).toBe('their-replica');
    } finally {
      await backend.stop();
      await knex(TASKS).where({ id: 'someone-elses-task' }).delete();
    }
  });
});
