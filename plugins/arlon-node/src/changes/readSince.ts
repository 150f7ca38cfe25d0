import type { FleetSnapshot } from '../fleet/FleetCheckout';

/**
 * The fleet repository read after a signal for `commit`. A read already
 * under way when the signal came may have asked the server before the push,
 * and new reads share it; a read during this process's own write answers the
 * snapshot the write started from, though the poll may already have seen
 * another writer's commit on the server. Reading again after the writes under way
 * (`readAfterWrites`, when the repository has it) sees the commit (or a newer
 * one, which brings its own signal). Bounded: at most `attempts` reads.
 */
export async function readSince(
  repository: {
    /** `expected`: the commit signalled, which the repository may fetch by its id. */
    read(expected?: string): Promise<FleetSnapshot>;
    readAfterWrites?(expected?: string): Promise<FleetSnapshot>;
  },
  commit: string,
  attempts = 3,
): Promise<FleetSnapshot> {
  let snapshot = await repository.read(commit);
  for (let i = 1; i < attempts && snapshot.commit !== commit; i++)
    snapshot = await (repository.readAfterWrites?.(commit) ??
      repository.read(commit));
  return snapshot;
}
