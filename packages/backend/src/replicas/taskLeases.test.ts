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

  const start = (knex: Knex) =>
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
  const ticketOf = async (knex: Knex, id: string) =>
    (await knex(TASKS).where({ id }).first())?.current_run_ticket as
      | string
      | null
      | undefined;

  beforeAll(async () => {
    sandbox = await Sandbox.start({ fleetSeedDir: EXAMPLE });
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  it('keeps the running task a short lease, not the 15-minute timeout', async () => {
    const knex = await databases.init(databaseId);
    const backend = await start(knex);
    try {
      await eventually(
        () => ticketOf(knex, 'arlon-registration'),
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
      // And kept there, renewal after renewal, under the same ticket.
      const first = await knex(TASKS)
        .where({ id: 'arlon-registration' })
        .first();
      await eventually(
        async () =>
          String(
            (
              await knex(TASKS).where({ id: 'arlon-registration' }).first()
            ).current_run_expires_at,
          ) !== String(first.current_run_expires_at),
        'the next renewal',
      );
      expect(await ticketOf(knex, 'arlon-registration')).toBe(
        first.current_run_ticket,
      );
      expect(
        await secondsLeft(knex, 'arlon-registration', 'current_run_expires_at'),
      ).toBeLessThanOrEqual(10);
    } finally {
      await backend.stop();
    }
  });

  it("frees a holder's task when it stops renewing, never renews another's, and never frees another plugin's task", async () => {
    const knex = await databases.init(databaseId);
    const sqlite = String(knex.client.config.client).includes('sqlite');
    const backend = await start(knex);
    try {
      await eventually(
        () => ticketOf(knex, 'arlon-registration'),
        'registration claimed',
      );
      // Another replica took the task and then died (SIGKILL) after its last renewal.
      await knex(TASKS)
        .where({ id: 'arlon-registration' })
        .update({
          current_run_ticket: 'dead-replica',
          current_run_expires_at: knex.raw(
            sqlite
              ? `datetime('now', '+3 seconds')`
              : `now() + interval '3 seconds'`,
          ),
        });
      // Another plugin's task, long expired: Backstage's janitor's business, not ours.
      await knex(TASKS).insert({
        id: 'someone-elses-task',
        settings_json: JSON.stringify({
          version: 2,
          cadence: 'PT1M',
          timeoutAfterDuration: 'PT1M',
        }),
        next_run_start_at: knex.fn.now(),
        current_run_ticket: 'their-replica',
        current_run_started_at: knex.fn.now(),
        current_run_expires_at: knex.raw(
          sqlite
            ? `datetime('now', '-60 seconds')`
            : `now() - interval '60 seconds'`,
        ),
      });
      // This replica notices it lost the task (the scheduler's liveness
      // check), does not keep the dead one's lease alive, and claims the task
      // again once the lease has run out.
      await eventually(
        async () => {
          const ticket = await ticketOf(knex, 'arlon-registration');
          return ticket && ticket !== 'dead-replica';
        },
        'registration claimed again by the live replica',
        45_000,
      );
      expect(await ticketOf(knex, 'someone-elses-task')).toBe('their-replica');
    } finally {
      await backend.stop();
    }
  });
});
