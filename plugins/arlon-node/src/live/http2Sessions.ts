import http2 from 'node:http2';
import https from 'node:https';
import type tls from 'node:tls';

/**
 * One HTTP/2 connection per cluster for a pre-flight's requests: all of them
 * go as streams of it, and the frames a tick produces leave in one TLS
 * write, where HTTP/1.1 pays one write (and one on the server's side) per
 * request; against the sandbox this about halves the client's CPU per
 * request and cuts a quarter of the server's. kube-apiserver speaks HTTP/2
 * over TLS (ALPN `h2`), as client-go uses it.
 *
 * The connection is opened by the request's own agent (`createConnection`),
 * the one client-node's configuration made for the cluster: its TLS options
 * (CA, client certificate, verification, server name) and, for a workload
 * cluster, guardConnections' checks of the host, port and addresses. A
 * server that does not offer `h2` (an HTTP/1.1-only proxy or server) is
 * remembered and answered `undefined`: the caller sends over HTTP/1.1.
 */

/**
 * A session being opened or open, for one agent (TLS options and guard) and
 * one origin. `waiting` counts the requests waiting for it to connect: when
 * every one of them has given up (their deadline), the connection attempt
 * is dropped, as an HTTP/1.1 request's own socket is.
 */
interface Slot {
  session: Promise<http2.ClientHttp2Session | undefined>;
  waiting: number;
  connecting?: tls.TLSSocket;
  open?: http2.ClientHttp2Session;
  cancel(): void;
}

const slots = new WeakMap<object, Map<string, Slot>>();

/** How long a session with no request open stays connected. */
export const SESSION_IDLE_MS = 30_000;

/**
 * Whether `agent` is one this module can open TLS connections with: Node's
 * own https.Agent (client-node's, guarded or not). A proxy agent tunnels
 * elsewhere: its requests stay on HTTP/1.1.
 */
export function opensHttp2(agent: unknown): agent is https.Agent {
  return (
    typeof agent === 'object' &&
    agent !== null &&
    Object.getPrototypeOf(agent) === https.Agent.prototype
  );
}

/**
 * The HTTP/2 session to `url`'s origin through `agent`, connected; or
 * `undefined` when the server chose HTTP/1.1. Connection failures reject
 * with the error the agent's connection raised (refused, guarded, TLS).
 * `signal` gives up waiting (the request's deadline).
 */
export async function sessionFor(
  agent: https.Agent,
  url: URL,
  signal?: AbortSignal,
  idleMs: number = SESSION_IDLE_MS,
): Promise<http2.ClientHttp2Session | undefined> {
  let byOrigin = slots.get(agent);
  if (!byOrigin) slots.set(agent, (byOrigin = new Map()));
  const origin = url.origin;
  let slot = byOrigin.get(origin);
  if (!slot) {
    slot = open(agent, url, idleMs, () => {
      if (byOrigin!.get(origin) === slot) byOrigin!.delete(origin);
    });
    byOrigin.set(origin, slot);
  }
  if (!slot.connecting || !signal) return slot.session;
  const waited = slot;
  waited.waiting++;
  try {
    return await new Promise((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      if (signal.aborted) onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      waited.session
        .finally(() => signal.removeEventListener('abort', onAbort))
        .then(resolve, reject);
    });
  } finally {
    if (--waited.waiting === 0 && waited.connecting) waited.cancel();
  }
}

/**
 * Stops handing out `session` for `url` through `agent` (it refused a
 * stream: going away); the next request opens another. Requests in flight
 * on it go on.
 */
export function dropSession(
  agent: https.Agent,
  url: URL,
  session: http2.ClientHttp2Session,
): void {
  const byOrigin = slots.get(agent);
  if (byOrigin?.get(url.origin)?.open === session) byOrigin.delete(url.origin);
}

function open(
  agent: https.Agent,
  url: URL,
  idleMs: number,
  forget: () => void,
): Slot {
  const slot: Slot = {
    waiting: 0,
    cancel: () => {
      forget();
      slot.connecting?.destroy();
    },
  } as Slot;
  slot.session = connect(agent, url, socket => (slot.connecting = socket)).then(
    socket => {
      slot.connecting = undefined;
      if (socket.alpnProtocol !== 'h2') {
        // Remembered (the slot stays): this server is asked over HTTP/1.1.
        socket.destroy();
        return undefined;
      }
      const session = http2.connect(url.origin, {
        createConnection: () => socket,
        // Node's client takes pushed streams by default: a hostile server
        // could fill the session with answers nobody asked for.
        settings: { enablePush: false },
      });
      session.setTimeout(idleMs, () => session.close());
      // Any end of the session: the next request opens another.
      session.once('close', forget);
      session.once('goaway', forget);
      session.on('error', forget);
      session.unref();
      slot.open = session;
      return session;
    },
    error => {
      slot.connecting = undefined;
      forget();
      throw error;
    },
  );
  // Waiters each handle the failure; this one is only for an unwatched slot.
  slot.session.catch(() => undefined);
  return slot;
}

/** A TLS connection to `url` opened by `agent`, offering h2 and http/1.1, once secured. */
function connect(
  agent: https.Agent,
  url: URL,
  opening: (socket: tls.TLSSocket) => void,
): Promise<tls.TLSSocket> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || 443);
  return new Promise((resolve, reject) => {
    const options = {
      ...(agent as unknown as { options: object }).options,
      host,
      port,
      ALPNProtocols: ['h2', 'http/1.1'],
    };
    const secured = (socket: tls.TLSSocket) => {
      opening(socket);
      socket.once('error', reject);
      socket.once('close', () => reject(new Error('socket hang up')));
      socket.once('secureConnect', () => {
        socket.off('error', reject);
        resolve(socket);
      });
    };
    // As an http request would call it: a guard refuses through the callback.
    let opened: tls.TLSSocket | undefined = undefined;
    opened = (
      agent as unknown as {
        createConnection(
          o: object,
          callback: (error: Error | null, socket?: tls.TLSSocket) => void,
        ): tls.TLSSocket | undefined;
      }
    ).createConnection(options, (error, socket) => {
      if (error) reject(error);
      else if (socket && socket !== opened) secured(socket);
    });
    if (opened) secured(opened);
  });
}
