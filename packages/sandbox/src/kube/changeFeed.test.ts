import { ChangeFeed, WatchEvent } from './changeFeed';

const event = (rv: number, name = `o${rv}`, typeKey = '/configmaps') => ({
  type: 'ADDED' as const,
  object: {
    metadata: { name, namespace: 'default', labels: { rv: String(rv) } },
  },
  rv,
  typeKey,
});
const watcher = (sent: WatchEvent[], typeKey = '/configmaps') => ({
  typeKey,
  labels: [],
  fields: [],
  send: (e: WatchEvent) => sent.push(e),
});

describe('ChangeFeed', () => {
  it('resumes a watch after a resourceVersion, from what it keeps', () => {
    const feed = new ChangeFeed(2);
    [1, 2, 3].forEach(rv => feed.record(event(rv)));
    expect(feed.oldestResumable(3)).toBe(1);
    const sent: WatchEvent[] = [];
    feed.watch(watcher(sent), 2);
    expect(sent.map(e => e.rv)).toEqual([3]);
  });

  it('answers the current resourceVersion as the oldest resumable when it keeps nothing', () => {
    expect(new ChangeFeed(10).oldestResumable(7)).toBe(7);
  });

  it('delivers in resourceVersion order when a watcher records in response, observers first', () => {
    const feed = new ChangeFeed(10);
    const order: string[] = [];
    feed.observe(e => order.push(`observed ${e.rv}`));
    feed.watch(
      {
        ...watcher([]),
        send: e => {
          order.push(`first ${e.rv}`);
          if (e.rv === 1) feed.record(event(2));
        },
      },
      undefined,
    );
    feed.watch(
      { ...watcher([]), send: e => order.push(`second ${e.rv}`) },
      undefined,
    );
    feed.record(event(1));
    expect(order).toEqual([
      'observed 1',
      'first 1',
      'observed 2',
      'second 1',
      'first 2',
      'second 2',
    ]);
  });

  it('sends a watcher only its type, and stops when it is ended', () => {
    const feed = new ChangeFeed(10);
    const sent: WatchEvent[] = [];
    const stop = feed.watch(watcher(sent), undefined);
    feed.record(event(1, 'a', '/secrets'));
    feed.record(event(2));
    stop();
    feed.record(event(3));
    expect(sent.map(e => e.rv)).toEqual([2]);
  });
});
