import { randomBytes } from 'node:crypto';
import type { LoggerService } from '@backstage/backend-plugin-api';
import type { EventsService } from '@backstage/plugin-events-node';
import {
  FLEET_CHANGED_TOPIC,
  type FleetChanges,
} from '@arlon-backstage/plugin-arlon-node';

/** A full Git commit id (SHA-1 or SHA-256), nothing else. */
const COMMIT = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/**
 * Carries the "fleet changed" signal over Backstage's events service, both
 * ways. Every new head this process sees is published on
 * `arlon.fleet.changed`, so any plugin can follow the fleet; and an event
 * naming a head this process does not know yet (another replica's commit,
 * when the events service is backed by the events backend's bus) makes it
 * look at the branch's head at once instead of at its next poll.
 *
 * The payload is a hint, never trusted: only a well-formed commit id counts,
 * and the head is read from Git, so a forged event costs one `ls-remote`.
 * Each replica subscribes under an id of its own: the events bus hands an
 * event to one subscriber per id, and every replica must hear it.
 */
export async function relayFleetChanges(options: {
  events: EventsService;
  changes: Pick<FleetChanges, 'subscribe' | 'check' | 'knownHead'>;
  logger: Pick<LoggerService, 'warn'>;
  /** This process's subscriber id; random by default. */
  replicaId?: string;
}): Promise<() => void> {
  const { events, changes, logger } = options;
  const replicaId = options.replicaId ?? randomBytes(6).toString('hex');
  const unsubscribe = changes.subscribe(change =>
    events
      .publish({ topic: FLEET_CHANGED_TOPIC, eventPayload: change })
      .catch(error =>
        logger.warn(
          `Publishing ${FLEET_CHANGED_TOPIC} failed: ${
            (error as Error).message
          }`,
        ),
      ),
  );
  await events.subscribe({
    id: `fleet-changes-${replicaId}`,
    topics: [FLEET_CHANGED_TOPIC],
    onEvent: async ({ eventPayload }) => {
      const commit = commitOf(eventPayload);
      // Its own events, and heads it already knows, cost nothing.
      if (commit && commit !== changes.knownHead) await changes.check('event');
    },
  });
  return unsubscribe;
}

/** The commit an `arlon.fleet.changed` payload names, if it is well-formed. */
export function commitOf(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  if (!Object.prototype.hasOwnProperty.call(payload, 'commit'))
    return undefined;
  const commit = (payload as { commit: unknown }).commit;
  return typeof commit === 'string' && COMMIT.test(commit) ? commit : undefined;
}
