import { spawn } from 'node:child_process';
import http from 'node:http';
import { AddressInfo } from 'node:net';

export interface GitHttpServerOptions {
  /** Folder holding bare repositories; `<root>/fleet.git` is served as `/fleet.git`. */
  projectRoot: string;
  /** When set, every request must carry these as HTTP basic credentials. */
  credentials?: { username: string; password: string };
  port?: number;
  host?: string;
}

/**
 * Serves bare repositories over Git's smart HTTP protocol by running the real
 * `git http-backend` as a CGI program, so clients see exactly what a Git host
 * would send (ref advertisement, packs, push with receive-pack).
 *
 * @public
 */
export class GitHttpServer {
  private constructor(
    private readonly server: http.Server,
    readonly url: string,
  ) {}

  static async start(options: GitHttpServerOptions): Promise<GitHttpServer> {
    const server = http.createServer((req, res) => serve(options, req, res));
    const host = options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    return new GitHttpServer(server, `http://${host}:${port}`);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>(resolve => this.server.close(() => resolve()));
  }
}

function serve(
  options: GitHttpServerOptions,
  req: http.IncomingMessage,
  res: http.ServerResponse,
) {
  const user = authenticate(options, req.headers.authorization);
  if (user === undefined) {
    res.writeHead(401, { 'www-authenticate': 'Basic realm="arlon-sandbox"' });
    res.end('Authentication required\n');
    return;
  }
  const url = new URL(req.url ?? '/', 'http://sandbox');
  const cgi = spawn('git', ['http-backend'], {
    env: {
      PATH: process.env.PATH,
      GIT_PROJECT_ROOT: options.projectRoot,
      GIT_HTTP_EXPORT_ALL: '1',
      // http-backend only accepts pushes from an authenticated user.
      REMOTE_USER: user,
      REMOTE_ADDR: req.socket.remoteAddress ?? '127.0.0.1',
      REQUEST_METHOD: req.method ?? 'GET',
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.replace(/^\?/, ''),
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      HTTP_CONTENT_ENCODING: req.headers['content-encoding'] ?? '',
      GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
    },
  });
  req.pipe(cgi.stdin);
  cgi.stdin.on('error', () => {}); // the client may hang up early
  cgi.on('error', err => {
    if (!res.headersSent) res.writeHead(500);
    res.end(`git http-backend failed: ${err.message}\n`);
  });

  // A CGI response is header lines, a blank line, then the body.
  let head = Buffer.alloc(0);
  let headersDone = false;
  cgi.stdout.on('data', (chunk: Buffer) => {
    if (headersDone) {
      res.write(chunk);
      return;
    }
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf('\r\n\r\n');
    if (end < 0) return;
    headersDone = true;
    let status = 200;
    const headers: Record<string, string> = {};
    for (const line of head.subarray(0, end).toString('utf8').split('\r\n')) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === 'status') status = parseInt(value, 10);
      else headers[name] = value;
    }
    res.writeHead(status, headers);
    res.write(head.subarray(end + 4));
  });
  cgi.stdout.on('end', () => {
    if (!headersDone) res.writeHead(502);
    res.end();
  });
}

/** The user name for CGI, or undefined when the request must be refused. */
function authenticate(
  options: GitHttpServerOptions,
  authorization: string | undefined,
): string | undefined {
  if (!options.credentials) return 'anonymous';
  const match = /^Basic (.+)$/i.exec(authorization ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const { username, password } = options.credentials;
  return decoded === `${username}:${password}` ? username : undefined;
}
