import { mockServices } from '@backstage/backend-test-utils';
import { DefaultEventsService } from '@backstage/plugin-events-node';
import { eventually } from '@arlon-backstage/arlon-sandbox';
import {
  FLEET_CHANGED_TOPIC,
  FleetChanges,
} from '@arlon-backstage/plugin-arlon-node';
import { commitOf, relayFleetChanges } from './relayFleetChanges';

const HEAD = 'a'.repeat(40);
const OTHER = 'b'.repeat(40);

/**
 * Any plugin may publish on the topic: what it sends is data. Only a
 * well-formed commit id this replica does not know makes it read the head,
 * and then from Git, never from the event.
 */
const hostile: Array<[string, unknown]> = [
  ['null', null],
  ['a string', OTHER],
  ['a number', 42],
  ['an array', [OTHER]],
  ['no commit', { source: 'write' }],
  ['a numeric commit', { commit: 123 }],
  ['an object as commit', { commit: { toString: () => OTHER } }],
  ['39 hex digits', { commit: 'b'.repeat(39) }],
  ['41 hex digits', { commit: 'b'.repeat(41) }],
  ['upper case', { commit: 'B'.repeat(40) }],
  ['a path', { commit: `../../${'b'.repeat(34)}` }],
  ['a ref name', { commit: 'refs/heads/main' }],
  ['a commit with a newline', { commit: `${OTHER}\n` }],
  ['a huge string', { commit: 'b'.repeat(5_000_000) }],
  [
    '__proto__ carrying a commit',
    JSON.parse(`{"__proto__": {"commit": "${OTHER}"}}`),
  ],
  ['an inherited commit', Object.create({ commit: OTHER })],
];

describe('relayFleetChanges with hostile events', () => {
  it.each(hostile)('ignores %s', async (_name, payload) => {
    expect(commitOf(payload)).toBeUndefined();
    const events = DefaultEventsService.create({
      logger: mockServices.logger.mock(),
    });
    let reads = 0;
    const changes = new FleetChanges({
      readHead: async () => {
        reads++;
        return HEAD;
      },
      pollMs: 3_600_000,
      logger: mockServices.logger.mock(),
    });
    await relayFleetChanges({
      events: events.forPlugin('arlon'),
      changes,
      logger: mockServices.logger.mock(),
    });
    await eventually(() => changes.knownHead === HEAD, 'the first look');
    const before = reads;
    await events
      .forPlugin('intruder')
      .publish({ topic: FLEET_CHANGED_TOPIC, eventPayload: payload });
    expect(reads).toBe(before);
    expect(changes.knownHead).toBe(HEAD);
    changes.stop();
  });

  it('never takes the head from the event: a forged commit only makes it read Git', async () => {
    const events = DefaultEventsService.create({
      logger: mockServices.logger.mock(),
    });
    let reads = 0;
    const changes = new FleetChanges({
      readHead: async () => {
        reads++;
        return HEAD;
      },
      pollMs: 3_600_000,
      logger: mockServices.logger.mock(),
    });
    const signalled: string[] = [];
    changes.subscribe(c => void signalled.push(c.commit));
    await relayFleetChanges({
      events: events.forPlugin('arlon'),
      changes,
      logger: mockServices.logger.mock(),
    });
    await eventually(() => changes.knownHead === HEAD, 'the first look');
    const before = reads;
    await events
      .forPlugin('intruder')
      .publish({ topic: FLEET_CHANGED_TOPIC, eventPayload: { commit: OTHER } });
    expect(reads).toBe(before + 1);
    expect(changes.knownHead).toBe(HEAD);
    expect(signalled).toEqual([HEAD]);
    changes.stop();
  });
});
