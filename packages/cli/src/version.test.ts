import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import arlonPlugin from '@arlon-backstage/plugin-arlon-backend';
import { FLEET_FORMAT_VERSION } from '@arlon-backstage/plugin-arlon-common';
import fs from 'node:fs/promises';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import packageJson from '../package.json';
import { EXAMPLE, run } from './__testUtils__/run';

const BOOTSTRAP = 'generated/bootstrap/arlon-fleet.yaml';
const ANNOTATION = 'arlon.io/fleet-format-version';

/** A copy of the example fleet whose bootstrap records `format` (or nothing). */
async function fleetWrittenIn(format: string | undefined): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleet-'));
  await fs.cp(EXAMPLE, dir, { recursive: true });
  const file = path.join(dir, BOOTSTRAP);
  const text = await fs.readFile(file, 'utf8');
  const line = `    ${ANNOTATION}: "${FLEET_FORMAT_VERSION}"\n`;
  expect(text).toContain(line);
  await fs.writeFile(
    file,
    format === undefined
      ? text.replace(`  annotations:\n${line}`, '')
      : text.replace(line, `    ${ANNOTATION}: "${format}"\n`),
  );
  return dir;
}

/** A portal of another release: answers GET /api/arlon/version as that release would. */
async function portalOfRelease(
  body: object,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.url !== '/api/arlon/version') {
      res.writeHead(404).end();
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise(resolve => server.close(() => resolve())),
  };
}

describe('arlon version', () => {
  afterEach(() => {
    delete process.env.ARLON_PORTAL_URL;
    delete process.env.ARLON_PORTAL_TOKEN;
  });

  it("prints the CLI's version and the fleet format its compiler writes", async () => {
    const { code, out, err } = await run('version');
    expect(code).toBe(0);
    expect(out).toBe(
      `@arlon-backstage/arlon-cli ${packageJson.version}\nfleet format ${FLEET_FORMAT_VERSION}\n`,
    );
    expect(err).toBe('');
  });

  it('prints JSON with --output json', async () => {
    const { code, out } = await run('version', '--output', 'json');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual({
      name: '@arlon-backstage/arlon-cli',
      version: packageJson.version,
      fleetFormatVersion: FLEET_FORMAT_VERSION,
      warnings: [],
    });
  });

  it('reads the format a fleet records, and says nothing more when it is this one', async () => {
    const { code, out, err } = await run('version', EXAMPLE);
    expect(code).toBe(0);
    expect(out).toContain(
      `${EXAMPLE}: generated/ records fleet format ${FLEET_FORMAT_VERSION}\n`,
    );
    expect(err).toBe('');
  });

  it('warns (exit 0) when the fleet was written by a newer Arlon', async () => {
    const dir = await fleetWrittenIn(String(FLEET_FORMAT_VERSION + 1));
    const { code, err } = await run('version', dir);
    expect(code).toBe(0);
    expect(err).toBe(
      `warning: ${dir}: generated/ was written by a newer Arlon (fleet format ${
        FLEET_FORMAT_VERSION + 1
      }; this CLI writes ${FLEET_FORMAT_VERSION}): upgrade the CLI before regenerating, or it rewrites the tree in the older format\n`,
    );
    await fs.rm(dir, { recursive: true });
  });

  it('warns (exit 0) when the fleet was written before the format was recorded', async () => {
    const dir = await fleetWrittenIn(undefined);
    const { code, err } = await run('version', dir);
    expect(code).toBe(0);
    expect(err).toContain(
      `warning: ${dir}: generated/ records no fleet format version (written by Arlon for Backstage 0.1.0 or earlier)`,
    );
    await fs.rm(dir, { recursive: true });
  });

  it('validate keeps its own exit code and adds the skew warning on stderr', async () => {
    const dir = await fleetWrittenIn(String(FLEET_FORMAT_VERSION + 1));
    const { code, err } = await run('validate', dir);
    // The bootstrap differs from what this CLI compiles: never valid.
    expect(code).toBe(1);
    expect(err).toContain(
      `warning: ${dir}: generated/ was written by a newer Arlon`,
    );
    await fs.rm(dir, { recursive: true });
  });

  it('validate on a current fleet of this format warns about nothing', async () => {
    const { err } = await run('validate', EXAMPLE);
    expect(err).not.toContain('warning:');
  });

  describe('against the real arlon backend', () => {
    let portal: string;
    beforeAll(async () => {
      const { server } = await startTestBackend({
        features: [arlonPlugin, mockServices.rootConfig.factory({ data: {} })],
      });
      const { port } = server.address() as AddressInfo;
      portal = `http://127.0.0.1:${port}`;
    });

    it("prints the portal's versions and warns about nothing when it is this release", async () => {
      process.env.ARLON_PORTAL_TOKEN = mockCredentials.user.token();
      const { code, out, err } = await run('version', '--portal', portal);
      expect(code).toBe(0);
      expect(out).toContain(
        `portal: @arlon-backstage/plugin-arlon-backend ${packageJson.version}, fleet format ${FLEET_FORMAT_VERSION}\n`,
      );
      expect(err).toBe('');
    });

    it('warns (exit 0) that a token is needed when the portal refuses the token', async () => {
      process.env.ARLON_PORTAL_TOKEN = 'a-wrong-or-expired-token';
      const { code, err } = await run('version', '--portal', portal);
      expect(code).toBe(0);
      expect(err).toBe(
        `warning: cannot compare with the portal: ${portal}/api/arlon/version answered 401: set ARLON_PORTAL_TOKEN to a Backstage token (a user's, or a static external access token)\n`,
      );
    });

    it('validate checks the portal named by ARLON_PORTAL_URL too', async () => {
      process.env.ARLON_PORTAL_URL = portal;
      process.env.ARLON_PORTAL_TOKEN = mockCredentials.user.token();
      const { err } = await run('validate', EXAMPLE);
      expect(err).not.toContain('warning:');
    });
  });

  describe('against a portal of another release', () => {
    it('warns (exit 0) when the portal is newer, naming the release to upgrade to', async () => {
      const portal = await portalOfRelease({
        name: '@arlon-backstage/plugin-arlon-backend',
        version: '9.4.0',
        fleetFormatVersion: FLEET_FORMAT_VERSION + 1,
      });
      const { code, err } = await run('version', '--portal', portal.url);
      expect(code).toBe(0);
      expect(err).toBe(
        `warning: the portal runs @arlon-backstage/plugin-arlon-backend 9.4.0, newer than this CLI (${packageJson.version}): upgrade the CLI to 9.4.0 so both validate and compile the fleet alike\n` +
          `warning: the portal's compiler writes fleet format ${
            FLEET_FORMAT_VERSION + 1
          }, this CLI's writes ${FLEET_FORMAT_VERSION}: each would rewrite the other's generated/ tree; use one release for both\n`,
      );
      await portal.close();
    });

    it('warns (exit 0) when the portal is older', async () => {
      const portal = await portalOfRelease({
        name: '@arlon-backstage/plugin-arlon-backend',
        version: '0.0.9',
        fleetFormatVersion: FLEET_FORMAT_VERSION,
      });
      const { code, err } = await run('version', '--portal', portal.url);
      expect(code).toBe(0);
      expect(err).toBe(
        `warning: the portal runs @arlon-backstage/plugin-arlon-backend 0.0.9, older than this CLI (${packageJson.version}): upgrade the portal, or use the CLI of its release (0.0.9), so both validate and compile the fleet alike\n`,
      );
      await portal.close();
    });

    it('says nothing about a patch release of the same line', async () => {
      const [major, minor] = packageJson.version.split('.');
      const portal = await portalOfRelease({
        name: '@arlon-backstage/plugin-arlon-backend',
        version: `${major}.${minor}.99`,
        fleetFormatVersion: FLEET_FORMAT_VERSION,
      });
      const { code, err } = await run('version', '--portal', portal.url);
      expect(code).toBe(0);
      expect(err).toBe('');
      await portal.close();
    });
  });
});
