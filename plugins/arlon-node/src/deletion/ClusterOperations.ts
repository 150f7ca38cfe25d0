/**
 * Long cluster operations (delete, unregister) run in the background of the
 * process that was asked: a request waits a little for the outcome and
 * otherwise answers 202, and the cluster's status (read from the live
 * objects, so any replica shows it) tells where the operation is. One
 * operation per cluster at a time: asking again while one runs joins it.
 */
export class ClusterOperations {
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(
    /** Told of an operation that failed after its request was answered. */
    private readonly onBackgroundError: (
      cluster: string,
      error: Error,
    ) => void = () => {},
  ) {}

  /** Whether an operation on `cluster` is under way in this process. */
  isRunning(cluster: string): boolean {
    return this.running.has(cluster);
  }

  /**
   * Starts `work` for `cluster` (or joins the one under way) and waits up to
   * `waitMs` for it: `{ done: true, value }` when it finished in time (its
   * error is thrown), `{ done: false }` when it goes on in the background.
   */
  async run<T>(
    cluster: string,
    work: () => Promise<T>,
    waitMs: number,
  ): Promise<{ done: true; value: T } | { done: false; joined: boolean }> {
    const joined = this.running.has(cluster);
    let operation = this.running.get(cluster) as Promise<T> | undefined;
    if (!operation) {
      operation = work();
      this.running.set(cluster, operation);
      let answered = false;
      operation
        .catch(error => {
          if (answered) this.onBackgroundError(cluster, error);
        })
        .finally(() => this.running.delete(cluster));
      const outcome = await Promise.race([
        operation.then(value => ({ done: true as const, value })),
        new Promise<{ done: false; joined: boolean }>(resolve =>
          setTimeout(() => resolve({ done: false, joined }), waitMs).unref(),
        ),
      ]).finally(() => {
        answered = true;
      });
      return outcome;
    }
    return { done: false, joined };
  }
}
