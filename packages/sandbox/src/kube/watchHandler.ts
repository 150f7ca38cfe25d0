import { ApiError } from './errors';
import { typeKeyOf, WatchEvent } from './ObjectStore';
import { parseFieldSelector, parseLabelSelector } from './selectors';
import { ApiServerContext, ResourceRequest } from './resourceRequest';

/**
 * `?watch=true`: newline-delimited JSON events, from a resourceVersion (410
 * Expired when it is too old to resume) or from a fresh list. The watch ends
 * at `timeoutSeconds`, when the client goes, or when faults drop it.
 */
export function serveWatch(ctx: ApiServerContext, request: ResourceRequest) {
  const { store, faults, watches } = ctx;
  const { type, namespace, query: q, res } = request;
  const labels = parseLabelSelector(q.get('labelSelector'));
  const fields = parseFieldSelector(q.get('fieldSelector'));
  const rvParam = q.get('resourceVersion');
  const from = rvParam && rvParam !== '0' ? Number(rvParam) : undefined;
  // No length: HTTP/1.1 sends it chunked, HTTP/2 as data frames (where a
  // transfer-encoding header is forbidden).
  res.writeHead(200, { 'content-type': 'application/json' });
  res.flushHeaders(); // clients wait for headers before reading events
  const send = (event: { type: string; object: unknown }) =>
    res.write(`${JSON.stringify(event)}\n`);

  if (from !== undefined && from < store.oldestResumable) {
    // Too old to resume: the client must list again (informers do).
    send({
      type: 'ERROR',
      object: new ApiError(
        410,
        'Expired',
        `too old resource version: ${from} (${store.oldestResumable})`,
      ).toStatus(),
    });
    res.end();
    return;
  }
  if (from === undefined) {
    for (const object of store.list(type, namespace, labels, fields))
      send({ type: 'ADDED', object });
  }
  watches.add(res);
  const stop = store.watch(
    {
      typeKey: typeKeyOf(type),
      namespace: type.namespaced ? namespace : undefined,
      labels,
      fields,
      send: (e: WatchEvent) =>
        send({ type: e.type, object: store.convert(e.object, type) }),
    },
    from,
  );
  const timers: NodeJS.Timeout[] = [];
  const end = () => {
    stop();
    timers.forEach(clearTimeout);
    watches.delete(res);
    if (!res.writableEnded) res.end();
  };
  const timeout = Number(q.get('timeoutSeconds') ?? 0);
  if (timeout > 0) timers.push(setTimeout(end, timeout * 1000));
  if (faults.dropWatchesAfterMs > 0)
    timers.push(setTimeout(() => res.destroy(), faults.dropWatchesAfterMs));
  res.on('close', end);
}
