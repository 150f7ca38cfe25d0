import { mockServices } from '@backstage/backend-test-utils';
import { DefaultEventsService } from '@backstage/plugin-events-node';
import { eventually } from '@arlon-backstage/arlon-sandbox';
import {
  FLEET_CHANGED_TOPIC,
  FleetChanges,
  type FleetChanged,
} from '@arlon-backstage/plugin-arlon-node';
import { commitOf, relayFleetChanges } from './relayFleetChanges';

const C1 = 'a'.repeat(40);
const C2 = 'b'.repeat(40);

/** The fleet branch both replicas read: what `ls-remote` would answer. */
const remote = { head: C1 };

/** One replica: its own signal, relayed over the shared events bus. */
async function replica(
  events: ReturnType<typeof DefaultEventsService.create>,
  id: string,
) {
  const reads = { count: 0 };
  const changes = new FleetChanges({
    readHead: async () => {
      reads.count++;
      return remote.head;
    },
    // Never within a test: only the first look, the events and writes count.
    pollMs: 3_600_000,
    logger: mockServices.logger.mock(),
  });
  const signalled: FleetChanged[] = [];
  changes.subscribe(c => void signalled.push(c));
  const stop = await relayFleetChanges({
    events: events.forPlugin('arlon'),
    changes,
    logger: mockServices.logger.mock(),
    replicaId: id,
  });
  await eventually(() => changes.knownHead === remote.head, 'the first look');
  return { changes, signalled, reads, stop };
}

describe('relayFleetChanges', () => {
  it('tells the other replica of a commit at once, which reads the head from Git', async () => {
    remote.head = C1;
    const events = DefaultEventsService.create({
      logger: mockServices.logger.mock(),
    });
    const published: unknown[] = [];
    await events.subscribe({
      id: 'observer',
      topics: [FLEET_CHANGED_TOPIC],
      onEvent: async e => void published.push(e.eventPayload),
    });
    const a = await replica(events, 'a');
    const b = await replica(events, 'b');
    const readsBefore = { a: a.reads.count, b: b.reads.count };

    remote.head = C2;
    a.changes.announce(C2);

    await eventually(
      () => b.signalled.some(s => s.commit === C2),
      'B told of C2',
    );
    expect(a.signalled.at(-1)).toEqual({ commit: C2, source: 'write' });
    expect(b.signalled.at(-1)).toEqual({ commit: C2, source: 'event' });
    // B asked Git once; A, which made the commit, never asked.
    expect(b.reads.count - readsBefore.b).toBe(1);
    expect(a.reads.count - readsBefore.a).toBe(0);
    // Each replica published the new head once; nothing echoes back and forth.
    await eventually(
      () => published.filter((p: any) => p.commit === C2).length === 2,
      'both replicas publish C2',
    );
    expect(published.filter((p: any) => p.commit === C2)).toEqual([
      { commit: C2, source: 'write' },
      { commit: C2, source: 'event' },
    ]);
    a.changes.stop();
    b.changes.stop();
  });

  it('stops publishing when stopped', async () => {
    remote.head = C1;
    const events = DefaultEventsService.create({
      logger: mockServices.logger.mock(),
    });
    const published: unknown[] = [];
    await events.subscribe({
      id: 'observer',
      topics: [FLEET_CHANGED_TOPIC],
      onEvent: async e => void published.push(e.eventPayload),
    });
    const a = await replica(events, 'a');
    a.stop();
    published.length = 0;
    a.changes.announce(C2);
    await events.publish({ topic: 'flush', eventPayload: {} });
    expect(published).toEqual([]);
    a.changes.stop();
  });
});

describe('commitOf', () => {
  it('reads a full commit id, SHA-1 or SHA-256', () => {
    expect(commitOf({ commit: C1, source: 'write' })).toBe(C1);
    expect(commitOf({ commit: 'c'.repeat(64) })).toBe('c'.repeat(64));
  });
});
