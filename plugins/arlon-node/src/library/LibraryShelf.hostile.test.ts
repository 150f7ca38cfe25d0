import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { LibraryShelf } from './LibraryShelf';

/**
 * A library URL may be plain http (readLibrariesConfig allows it for
 * anonymous mirrors), but `integrations` matches credentials by host: a
 * token for the host must never be sent in clear text over http.
 */
describe('hostile: library credentials over plain http', () => {
  let server: http.Server;
  let url: string;
  const seen: Array<string | undefined> = [];
  let workDir: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"' });
      res.end();
    });
    await new Promise<void>(r => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shelf-hostile-'));
  });
  afterAll(async () => {
    await new Promise(r => server.close(r));
    await fs.rm(workDir, { recursive: true, force: true });
  });

  it('never asks for, nor sends, credentials to an http library', async () => {
    const credentials = jest.fn(async () => ({
      username: 'x-access-token',
      password: 'the-host-token',
    }));
    const shelf = new LibraryShelf(
      [{ name: 'plain', url: `${url}/lib.git`, pin: { branch: 'main' } }],
      workDir,
      credentials,
      { gitTimeoutMs: 5_000 },
    );
    await shelf.refresh();
    expect(credentials).not.toHaveBeenCalled();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter(Boolean)).toEqual([]);
    expect(shelf.catalog().get('plain')?.unreachable).toBeTruthy();
  });
});
