import http from 'node:http';
import { AddressInfo } from 'node:net';
import { fetchPortalVersion, parsePortalUrl } from './fetchPortalVersion';

/** A server recording each request's path and authorization header. */
async function recorder(): Promise<{
  port: number;
  seen: { path?: string; authorization?: string }[];
  close(): Promise<void>;
}> {
  const seen: { path?: string; authorization?: string }[] = [];
  const s = http.createServer((req, res) => {
    seen.push({ path: req.url, authorization: req.headers.authorization });
    res.writeHead(404).end();
  });
  await new Promise<void>(resolve => s.listen(0, '127.0.0.1', resolve));
  return {
    port: (s.address() as AddressInfo).port,
    seen,
    close: () =>
      new Promise(resolve => {
        s.closeAllConnections();
        s.close(() => resolve());
      }),
  };
}

describe('fetchPortalVersion, hostile', () => {
  it("sends the token only to the portal's host when its base path starts with // (never to the host after it)", async () => {
    const portal = await recorder();
    const other = await recorder();
    const { url } = parsePortalUrl(
      `http://127.0.0.1:${portal.port}//127.0.0.1:${other.port}`,
    );
    const answer = await fetchPortalVersion(url!, 'secret-token');
    expect(other.seen).toEqual([]);
    expect(portal.seen).toEqual([
      {
        path: `//127.0.0.1:${other.port}/api/arlon/version`,
        authorization: 'Bearer secret-token',
      },
    ]);
    expect(answer.ok).toBe(false);
    await portal.close();
    await other.close();
  });

  it('does not send the token over plain http to a host that is not this machine', async () => {
    const { url } = parsePortalUrl('http://portal.invalid');
    const answer = await fetchPortalVersion(url!, 'secret-token');
    expect(answer).toEqual({
      ok: false,
      reason:
        "http://portal.invalid/api/arlon/version is plain http: ARLON_PORTAL_TOKEN is not sent in clear to another host; use the portal's https URL",
    });
  });

  it('sends the token over plain http on loopback (a portal on this machine)', async () => {
    const portal = await recorder();
    const { url } = parsePortalUrl(`http://localhost:${portal.port}`);
    await fetchPortalVersion(url!, 'secret-token');
    expect(portal.seen).toEqual([
      { path: '/api/arlon/version', authorization: 'Bearer secret-token' },
    ]);
    await portal.close();
  });
});
