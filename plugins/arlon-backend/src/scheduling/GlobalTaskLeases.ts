import type { Knex } from 'knex';
import type { LoggerService } from '@backstage/backend-plugin-api';

/**
 * The table where Backstage's scheduler (@backstage/backend-defaults) keeps
 * global tasks, in the plugin's own database. Not a public contract: when it
 * is absent (another scheduler, or a test's mock) leases are off and the
 * scheduler's own expiry applies.
 */
export const SCHEDULER_TASKS_TABLE = 'backstage_backend_tasks__tasks';

/**
 * A killed holder's task is free within leaseMs + renewMs (10 s), and the
 * scheduler's poll (2 s for registration) claims it: under 15 s. Eight
 * seconds also outlasts the event-loop stalls a loaded 2-core replica shows.
 */
export const TASK_LEASE_TIMING = { leaseMs: 8_000, renewMs: 2_000 };

export interface GlobalTaskLeaseOptions {
  /** The ids of this plugin's global tasks that hold a lease (and only those are ever freed). */
  taskIds: string[];
  /** How long a holder that stopped renewing keeps its task. */
  leaseMs: number;
  /** How often a holder renews, and every replica looks for expired leases. */
  renewMs: number;
  logger: Pick<LoggerService, 'warn' | 'info'>;
}

/**
 * Short leases for long-running global tasks (a controller's term of minutes).
 *
 * Backstage's scheduler frees a claimed global task only after its timeout has
 * passed and its janitor runs (once a minute, and never under
 * NODE_ENV=test): a replica killed mid-run (SIGKILL, out of memory, a lost
 * node) keeps the task from every other replica for the whole timeout plus up
 * to a minute (backstage/backstage#32641). Here, while a task runs, its holder
 * pushes the row's expiry `leaseMs` ahead every `renewMs`; every replica frees
 * this plugin's tasks whose expiry has passed, the way the janitor would. A
 * killed holder's task is then claimable within leaseMs + renewMs, and the
 * scheduler's next poll claims it. Times are the database's clock, so replicas
 * whose clocks disagree still agree on expiry.
 */
export class GlobalTaskLeases {
  /** Whether the scheduler's table is here; asked until it is (the scheduler makes it on first use). */
  private present = false;
  private janitor?: NodeJS.Timeout;
  private failing = false;

  constructor(
    private readonly knex: Knex,
    private readonly options: GlobalTaskLeaseOptions,
  ) {}

  /**
   * Holds `taskId`'s lease while its run lasts: renews at once and every
   * renewMs until the returned stop is called (before the run returns, so a
   * renewal never lands after the scheduler released the task). Call it
   * first thing in the run: the ticket the task holds then is this run's, and
   * only that ticket is renewed, so a holder that lost its task (it stalled
   * past its lease and another replica took over) never extends the other's.
   */
  hold(taskId: string): () => void {
    this.assertOwn(taskId);
    let ticket: string | undefined;
    const renew = async () => {
      // Until the first renewal the row keeps the scheduler's long expiry, so
      // no other replica can have claimed the task: asking again is safe.
      ticket ??= await this.ticketOf(taskId);
      if (ticket) await this.renew(taskId, ticket);
    };
    void renew();
    const timer = setInterval(() => void renew(), this.options.renewMs);
    timer.unref?.();
    return () => clearInterval(timer);
  }

  /** Frees expired leases every renewMs, on every replica, until stop(). */
  start() {
    if (this.janitor) return;
    this.janitor = setInterval(
      () => void this.freeExpired(),
      this.options.renewMs,
    );
    this.janitor.unref?.();
  }

  stop() {
    clearInterval(this.janitor);
    this.janitor = undefined;
  }

  /** The ticket of the run of `taskId` under way, if any. */
  async ticketOf(taskId: string): Promise<string | undefined> {
    this.assertOwn(taskId);
    return this.safely(async () => {
      const row = await this.knex(SCHEDULER_TASKS_TABLE)
        .where('id', '=', taskId)
        .first('current_run_ticket');
      return row?.current_run_ticket ?? undefined;
    }, undefined);
  }

  /** Pushes the expiry of `taskId`'s run under `ticket` leaseMs ahead; false when that run is over or leases are off. */
  async renew(taskId: string, ticket: string): Promise<boolean> {
    this.assertOwn(taskId);
    return this.safely(async () => {
      const rows = await this.knex(SCHEDULER_TASKS_TABLE)
        .where('id', '=', taskId)
        .where('current_run_ticket', '=', ticket)
        .update({ current_run_expires_at: this.nowPlusLease() });
      return rows === 1;
    }, false);
  }

  /** Frees this plugin's leased tasks whose expiry has passed; returns how many. */
  async freeExpired(): Promise<number> {
    return this.safely(async () => {
      const freed = await this.knex(SCHEDULER_TASKS_TABLE)
        .whereIn('id', this.options.taskIds)
        .whereNotNull('current_run_ticket')
        .where('current_run_expires_at', '<', this.knex.fn.now())
        .update({
          current_run_ticket: null,
          current_run_started_at: null,
          current_run_expires_at: null,
          last_run_ended_at: this.knex.fn.now(),
          last_run_error_json: JSON.stringify({
            name: 'Error',
            message: 'Its holder stopped renewing its lease',
          }),
        });
      if (freed > 0)
        this.options.logger.info(
          `Freed ${freed} task(s) whose holder stopped renewing its lease: another replica takes over`,
        );
      return freed;
    }, 0);
  }

  private async safely<T>(fn: () => Promise<T>, otherwise: T): Promise<T> {
    try {
      if (!this.present) {
        this.present = await this.knex.schema.hasTable(SCHEDULER_TASKS_TABLE);
        if (!this.present) return otherwise;
      }
      const result = await fn();
      this.failing = false;
      return result;
    } catch (error) {
      // One warning per outage: the scheduler's own expiry still applies.
      if (!this.failing)
        this.options.logger.warn(
          `Cannot renew or free the leases of ${this.options.taskIds.join(
            ', ',
          )}; the scheduler's own timeout applies until the database answers: ${
            (error as Error).message
          }`,
        );
      this.failing = true;
      return otherwise;
    }
  }

  /** The database's now plus the lease, as the scheduler writes its own expiry. */
  private nowPlusLease() {
    // An integer of our own: safe to write into the SQL.
    const seconds = Math.max(1, Math.ceil(this.options.leaseMs / 1000));
    const client = String(this.knex.client.config.client);
    if (client.includes('sqlite3'))
      return this.knex.raw(`datetime('now', '+${seconds} seconds')`);
    if (client.includes('mysql'))
      return this.knex.raw(`now() + interval ${seconds} second`);
    return this.knex.raw(`now() + interval '${seconds} seconds'`);
  }

  private assertOwn(taskId: string) {
    if (!this.options.taskIds.includes(taskId))
      throw new Error(
        `Task ${taskId} holds no lease: list it in GlobalTaskLeases' taskIds`,
      );
  }
}
