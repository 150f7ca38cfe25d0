import http from 'node:http';
import { AddressInfo } from 'node:net';
import { run } from './__testUtils__/run';

/** A server answering every request with `handler`. */
async function server(
  handler: http.RequestListener,
): Promise<{ url: string; close(): Promise<void> }> {
  const s = http.createServer(handler);
  await new Promise<void>(resolve => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise(resolve => {
        s.closeAllConnections();
        s.close(() => resolve());
      }),
  };
}

describe('arlon version --portal, hostile', () => {
  afterEach(() => {
    delete process.env.ARLON_PORTAL_URL;
    delete process.env.ARLON_PORTAL_TOKEN;
  });

  it('refuses a portal URL with a password (exit 2) without printing it', async () => {
    const { code, out, err } = await run(
      'version',
      '--portal',
      'https://ci:hunter2@backstage.example.com',
    );
    expect(code).toBe(2);
    expect(err).toBe(
      '--portal (or ARLON_PORTAL_URL) carries a user name or password: give the plain URL, and a token in ARLON_PORTAL_TOKEN\n',
    );
    expect(out + err).not.toContain('hunter2');
  });

  it('refuses a portal URL that is not http(s) (exit 2)', async () => {
    const { code, err } = await run(
      'version',
      '--portal',
      'file:///etc/passwd',
    );
    expect(code).toBe(2);
    expect(err).toBe(
      '--portal (or ARLON_PORTAL_URL) must be an http or https URL, not file:\n',
    );
  });

  it('refuses a portal that is not a URL at all (exit 2)', async () => {
    const { code, err } = await run('version', '--portal', 'backstage');
    expect(code).toBe(2);
    expect(err).toContain('--portal (or ARLON_PORTAL_URL) is not a URL');
  });

  it('only warns about a bad ARLON_PORTAL_URL during validate, which keeps its exit code', async () => {
    const fleet = `${__dirname}/../../../examples/fleet`;
    const plain = await run('validate', fleet);
    process.env.ARLON_PORTAL_URL = 'ftp://backstage.example.com';
    const { code, out, err } = await run('validate', fleet);
    expect(code).toBe(plain.code);
    expect(out).toBe(plain.out);
    expect(err).toBe(
      `${plain.err}warning: --portal (or ARLON_PORTAL_URL) must be an http or https URL, not ftp:\n`,
    );
  });

  it('warns (exit 0) when the portal cannot be reached', async () => {
    const s = await server(() => {});
    const url = s.url;
    await s.close();
    const { code, err } = await run('version', '--portal', url);
    expect(code).toBe(0);
    expect(err).toBe(
      `warning: cannot compare with the portal: cannot reach ${url}/api/arlon/version (ECONNREFUSED)\n`,
    );
  });

  it('warns (exit 0) when the portal has no version route (an older backend)', async () => {
    const s = await server((_req, res) => res.writeHead(404).end());
    const { code, err } = await run('version', '--portal', s.url);
    expect(code).toBe(0);
    expect(err).toContain('answered 404: the portal');
    await s.close();
  });

  it('does not print terminal escapes or line breaks a hostile portal answers', async () => {
    const s = await server((_req, res) =>
      res.end(
        JSON.stringify({
          name: '\u001b]0;pwned\u0007evil',
          version: '1.0.0\nwarning: all good',
          fleetFormatVersion: 1,
        }),
      ),
    );
    const { code, out, err } = await run('version', '--portal', s.url);
    expect(code).toBe(0);
    expect(err).toBe(
      `warning: cannot compare with the portal: ${s.url}/api/arlon/version did not answer Arlon's version (expected JSON with name, version and fleetFormatVersion)\n`,
    );
    expect(out + err).not.toContain('\u001b');
    expect(out + err).not.toContain('all good');
    await s.close();
  });

  it('stops reading an answer larger than a version can be', async () => {
    const s = await server((_req, res) => {
      res.write(`{"name":"${'a'.repeat(64 * 1024)}`);
      // Never ends: the CLI must stop on size, not wait for the end.
    });
    const { code, err } = await run('version', '--portal', s.url);
    expect(code).toBe(0);
    expect(err).toContain("did not answer Arlon's version");
    await s.close();
  });

  it('does not follow a redirect (the token would go to another host)', async () => {
    const s = await server((_req, res) =>
      res.writeHead(302, { location: 'http://127.0.0.1:1/steal' }).end(),
    );
    process.env.ARLON_PORTAL_TOKEN = 'secret-token';
    const { code, out, err } = await run('version', '--portal', s.url);
    expect(code).toBe(0);
    expect(err).toContain(
      `warning: cannot compare with the portal: cannot reach ${s.url}/api/arlon/version`,
    );
    expect(out + err).not.toContain('secret-token');
    await s.close();
  });
});
