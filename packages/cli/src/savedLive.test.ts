import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { run } from './__testUtils__/run';

/** `kubectl get deployment,service,configmap -n web -o yaml` and the manifests it was applied from. */
const FIXTURES = path.resolve(
  __dirname,
  '../../../plugins/arlon-common/src/diff/__fixtures__',
);
const LIVE = path.join(FIXTURES, 'web-live.yaml');
const DESIRED = path.join(FIXTURES, 'web-desired.yaml');

describe('arlon diff <saved kubectl get -o yaml> <manifests> (issue 18, ARLON-158)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'saved-live-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('exits 0 when only server metadata, status and API server defaults differ', async () => {
    const { code, out } = await run(
      'diff',
      LIVE,
      DESIRED,
      '--namespace',
      'web',
      '--color',
      'never',
    );
    expect(out).toContain('it is compared as live state');
    expect(out).toMatch(
      /: 0 to create, 0 to update, 0 to delete, 3 unchanged\n$/,
    );
    expect(code).toBe(0);
  });

  it('reads the same state saved with kubectl get -o json', async () => {
    const json = path.join(dir, 'live.json');
    await fs.writeFile(
      json,
      JSON.stringify(parse(await fs.readFile(LIVE, 'utf8')), null, 2),
    );
    const { code, out } = await run(
      'diff',
      json,
      DESIRED,
      '--namespace',
      'web',
    );
    expect(out).toMatch(
      /0 to create, 0 to update, 0 to delete, 3 unchanged\n$/,
    );
    expect(code).toBe(0);
  });

  it('exits 1 and shows only the field the manifests change', async () => {
    const changed = path.join(dir, 'desired.yaml');
    await fs.writeFile(
      changed,
      (
        await fs.readFile(DESIRED, 'utf8')
      ).replace("appVersion: '1.10'", "appVersion: '1.1'"),
    );
    const { code, out } = await run(
      'diff',
      LIVE,
      changed,
      '--namespace',
      'web',
      '--color',
      'never',
    );
    expect(code).toBe(1);
    expect(out).toContain('update ConfigMap web/web-settings');
    expect(out.split('\n').filter(l => /^ *[-+] {2}\S/.test(l))).toEqual([
      expect.stringMatching(/^ *- {2}appVersion: "1\.10"$/),
      expect.stringMatching(/^ *\+ {2}appVersion: "1\.1"$/),
    ]);
    expect(out).toMatch(
      /0 to create, 1 to update, 0 to delete, 2 unchanged\n$/,
    );
  });

  it('exits 2 naming the file and line of a List whose items are no list', async () => {
    const bad = path.join(dir, 'bad-list.yaml');
    await fs.writeFile(
      bad,
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\napiVersion: v1\nkind: List\nitems: {a: 1}\n',
    );
    const { code, err } = await run('diff', bad, DESIRED);
    expect(code).toBe(2);
    expect(err).toBe(
      `arlon: ${bad}:5: a List holds its objects under "items", which must be a list (it is a mapping); write the objects there, or each as its own document after ---\n`,
    );
  });
});
