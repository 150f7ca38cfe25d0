import http from 'node:http';
import net from 'node:net';

/**
 * For denial-of-service tests: a server that hangs. Plain, it accepts TCP
 * connections and never answers (not even a TLS handshake); with `forwardTo`,
 * it proxies HTTP to a real server except the requests `hangs` picks, which
 * it holds open without a byte of answer. It counts the connections clients
 * give up on, so a test can prove a timeout aborted its request rather than
 * leaving the socket open.
 *
 * @public
 */
export class HungServer {
  /** Connections accepted so far. */
  accepted = 0;
  /** Connections the client closed. */
  closedByClient = 0;
  /** Requests held without an answer (forwarding mode). */
  held: string[] = [];

  /** The port it listens on, on 127.0.0.1. */
  port = 0;

  private readonly sockets = new Set<net.Socket>();
  private server?: net.Server;

  private constructor() {}

  /** `http://127.0.0.1:<port>` */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  static async start(
    options: {
      forwardTo?: string;
      hangs?: (req: http.IncomingMessage) => boolean;
    } = {},
  ): Promise<HungServer> {
    const hung = new HungServer();
    const { forwardTo, hangs = () => true } = options;
    const server: net.Server = forwardTo
      ? http.createServer((req, res) => {
          if (hangs(req)) {
            hung.held.push(`${req.method} ${req.url}`);
            req.resume(); // read the body, answer nothing
            return;
          }
          const target = new URL(req.url ?? '/', forwardTo);
          const upstream = http.request(
            target,
            { method: req.method, headers: req.headers },
            answer => {
              res.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(res);
            },
          );
          upstream.on('error', () => res.destroy());
          req.pipe(upstream);
        })
      : // Reads (and drops) what comes, so the client's close is seen.
        net.createServer(socket => socket.resume());
    server.on('connection', (socket: net.Socket) => {
      hung.accepted++;
      hung.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        hung.sockets.delete(socket);
        hung.closedByClient++;
      });
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    hung.server = server;
    hung.port = (server.address() as net.AddressInfo).port;
    return hung;
  }

  /** Connections still open. */
  get open(): number {
    return this.sockets.size;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>(resolve =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}
