import https from 'node:https';
import { connect } from 'node:net';
import { once } from 'node:events';
import { httpsRequest } from '../__testUtils__/httpsRequest';
import { KubeApiServer } from './KubeApiServer';
import { sandboxTls } from './tls';

/**
 * Every API server of a sandbox process shares one TLS context and HTTP
 * server (tlsFront): each must still answer only on its own port, from its
 * own store and tokens, and stop on its own.
 */
describe('API servers sharing one TLS front', () => {
  const started: KubeApiServer[] = [];
  const start = async (token: string) => {
    const server = await KubeApiServer.start({ token });
    started.push(server);
    return server;
  };
  afterEach(async () => {
    await Promise.all(started.splice(0).map(s => s.stop()));
  });

  const configMap = (name: string) => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name },
  });
  const names = async (server: KubeApiServer, token: string) =>
    (
      await httpsRequest(
        `${server.url}/api/v1/namespaces/default/configmaps`,
        token,
      )
    )
      .json()
      .items.map((i: any) => i.metadata.name);

  it('answers each port from its own server: its store, its token', async () => {
    const a = await start('token-a');
    const b = await start('token-b');
    for (const [server, token, name] of [
      [a, 'token-a', 'only-in-a'],
      [b, 'token-b', 'only-in-b'],
    ] as const) {
      const res = await httpsRequest(
        `${server.url}/api/v1/namespaces/default/configmaps`,
        token,
        { method: 'POST', body: configMap(name) },
      );
      expect(res.status).toBe(201);
    }
    expect(await names(a, 'token-a')).toEqual(['only-in-a']);
    expect(await names(b, 'token-b')).toEqual(['only-in-b']);
    // One server's token is nothing to the other.
    expect((await httpsRequest(`${a.url}/api`, 'token-b')).status).toBe(401);
    expect((await httpsRequest(`${b.url}/api`, 'token-a')).status).toBe(401);
  });

  it('one stopped refuses connections, with kept-alive ones ended; the other answers', async () => {
    const a = await start('token-a');
    const b = await start('token-b');
    const agent = new https.Agent({ keepAlive: true, ca: sandboxTls().cert });
    const get = (url: string) =>
      new Promise<number>((resolve, reject) =>
        https
          .get(
            `${url}/api`,
            { agent, headers: { authorization: 'Bearer token-a' } },
            res => {
              res.resume();
              res.on('end', () => resolve(res.statusCode ?? 0));
            },
          )
          .on('error', reject),
      );
    expect(await get(a.url)).toBe(200);
    const kept = Object.values(agent.freeSockets).flat();
    expect(kept).toHaveLength(1);
    const ended = once(kept[0]!, 'close');
    await a.stop();
    await ended;
    const { port } = new URL(a.url);
    const refused = connect(Number(port), '127.0.0.1');
    await expect(once(refused, 'connect')).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
    expect((await httpsRequest(`${b.url}/api`, 'token-b')).status).toBe(200);
    agent.destroy();
  });

  it('still speaks TLS only: plain HTTP on a port gets no API answer', async () => {
    const a = await start('token-a');
    const { port } = new URL(a.url);
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    socket.write('GET /api HTTP/1.1\r\nHost: x\r\n\r\n');
    let text = '';
    socket.on('data', d => (text += d));
    await once(socket, 'close');
    expect(text).not.toContain('APIVersions');
  });
});
