import http from 'node:http';
import http2 from 'node:http2';
import net, { AddressInfo } from 'node:net';
import { sandboxTls } from './tls';

/**
 * A request over HTTP/1.1 or HTTP/2: the handlers use what the two share
 * (Node's compatibility API), as a real API server serves both.
 */
type Route = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** Each listening sandbox API server's requests, by the address and port it listens on. */
const routes = new Map<string, Route>();
let front: http2.Http2SecureServer | undefined;

const ANY = new Set(['0.0.0.0', '::']);
const routeKey = (address: string | undefined, port: number | undefined) =>
  `${address}|${port}`;

/**
 * The one HTTPS server (and TLS context) of every sandbox API server in this
 * process: each listens on a port of its own, whose connections it hands
 * here. A TLS context per API server cost about a millisecond to build
 * (1,000 clusters provisioned at once build 1,000), and every server uses
 * the same certificate. Never listens itself; Node's TLS and HTTP handle each
 * connection as they would on the server's own port.
 *
 * It speaks HTTP/2 to clients that offer it (ALPN `h2`, as kube-apiserver
 * does: client-go and the portal's pre-flight use it) and HTTP/1.1 to the
 * rest (client-node's own requests, watches, kubectl with HTTP/2 disabled).
 */
function frontServer(): http2.Http2SecureServer {
  if (front) return front;
  const tls = sandboxTls();
  front = http2.createSecureServer({
    key: tls.key,
    cert: tls.cert,
    allowHTTP1: true,
    // A pre-flight sends many requests at once over one connection.
    settings: { maxConcurrentStreams: 250 },
  });
  (front as unknown as http.Server).keepAliveTimeout = 60_000;
  // What listen() starts on an HTTP server, which this one never calls: the
  // headers and request timeouts, checked on every connection handed here.
  front.emit('listening');
  front.on('request', (req: any, res: any) => {
    const { localAddress, localPort } = req.socket;
    const route =
      routes.get(routeKey(localAddress, localPort)) ??
      routes.get(routeKey('*', localPort));
    // Its API server stopped while the request came: as if refused.
    if (!route) res.destroy();
    else route(req, res);
  });
  return front;
}

/** A listening API server's port: its own TCP listener, TLS and HTTP shared (frontServer). */
export interface TlsListener {
  /** Every TCP connection, handshaking ones too: HTTP only sees those past TLS. */
  listener: net.Server;
  address: AddressInfo;
  /** Sends the port's requests to `onRequest` (until then they are dropped). */
  serve(onRequest: Route): void;
  /** Stops listening and routing; open connections are the caller's to end. */
  close(): Promise<void>;
}

/** Listens on `host`:`port` (0: a free port) for HTTPS requests, served once `serve` names where to. */
export async function listenTls(
  port: number,
  host: string,
): Promise<TlsListener> {
  const shared = frontServer();
  const listener = net.createServer(socket =>
    shared.emit('connection', socket),
  );
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(port, host, () => resolve());
  });
  const address = listener.address() as AddressInfo;
  const key = routeKey(
    ANY.has(address.address) ? '*' : address.address,
    address.port,
  );
  return {
    listener,
    address,
    serve: onRequest => routes.set(key, onRequest),
    close: () =>
      new Promise<void>(resolve => {
        routes.delete(key);
        listener.close(() => resolve());
      }),
  };
}
