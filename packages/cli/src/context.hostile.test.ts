/* eslint jest/expect-expect: ["warn", { "assertFunctionNames": ["expect", "expectRefused"] }] */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { KubeApiServer, kubeconfigYaml } from '@arlon-backstage/arlon-sandbox';
import { parse } from 'yaml';
import { EXAMPLE, run } from './__testUtils__/run';

/** A message as written, or one matching the pattern. */
const exactlyOrLike = (message: string | RegExp) =>
  typeof message === 'string' ? message : expect.stringMatching(message);

/** The contexts file and `arlon context`'s arguments, from someone who means harm or a slip. */
describe('arlon context, hostile input', () => {
  let server: KubeApiServer;
  let dir: string;
  let file: string;
  const saved = {
    KUBECONFIG: process.env.KUBECONFIG,
    ARLON_CONFIG: process.env.ARLON_CONFIG,
  };

  /** A contexts file as someone wrote it by hand, mode 0600 unless said. */
  async function contextsFile(text: string, mode = 0o600) {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, text, { mode });
    await fs.chmod(file, mode);
  }
  const valid = (fleet = EXAMPLE) =>
    `current: dev\ncontexts:\n  dev:\n    kubeContext: dev-1\n    fleet: ${fleet}\n`;
  /** A command without --context, and `context list`: both must refuse the same way. */
  async function expectRefused(message: string | RegExp) {
    // (preflight's errors exit 2, as kubectl diff's do.)
    for (const [argv, exit] of [
      [['preflight', 'readonly-rbac'], 2],
      [['snapshot', 'readonly-rbac'], 1],
      [['context', 'list'], 1],
      [['context', 'use', 'dev'], 1],
    ] as const) {
      const { code, out, err } = await run(...argv);
      expect({ argv, code, out }).toEqual({ argv, code: exit, out: '' });
      expect(err).toMatch(message);
    }
    expect(({} as any).polluted).toBeUndefined();
  }

  beforeAll(async () => {
    server = await KubeApiServer.start({ token: 't' });
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'contexts-hostile-'));
    const config = parse(
      kubeconfigYaml('dev-1', server.url, 't', server.caData),
    );
    // A context whose user runs a program: arlon contexts must never run it.
    config.contexts.push({
      name: 'cloud',
      context: { cluster: 'cloud', user: 'cloud' },
    });
    config.clusters.push({
      name: 'cloud',
      cluster: { server: 'https://cloud.example' },
    });
    config.users.push({
      name: 'cloud',
      user: { exec: { command: 'touch', args: [path.join(dir, 'ran')] } },
    });
    await fs.writeFile(path.join(dir, 'config'), JSON.stringify(config));
    process.env.KUBECONFIG = path.join(dir, 'config');
  });
  beforeEach(() => {
    file = path.join(dir, `conf-${Math.random()}`, 'contexts.yaml');
    process.env.ARLON_CONFIG = file;
  });
  afterAll(async () => {
    process.env.KUBECONFIG = saved.KUBECONFIG;
    process.env.ARLON_CONFIG = saved.ARLON_CONFIG;
    await server.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('malformed YAML: the file and line, and what to do', async () => {
    await contextsFile('current: dev\ncontexts:\n  dev: [unclosed\n');
    await expectRefused(
      new RegExp(`^arlon: ${file}:\\d+: not YAML: .*Fix or delete the file`),
    );
  });

  it.each([
    ['a list', '- dev\n- prod\n', 'not a map of contexts (it holds a list)'],
    ['a string', 'hello\n', 'not a map of contexts (it holds string)'],
    ['an unknown top-level field', 'currnet: dev\n', 'currnet: unknown field'],
    [
      'contexts as a list',
      'contexts: [dev]\n',
      'contexts: must be a map of context names',
    ],
    [
      'current as a number',
      'current: 3\n',
      'current: must be a context name, not number',
    ],
    [
      'a context as a string',
      'contexts: {dev: x}\n',
      'contexts.dev: must be a map with kubeContext and fleet',
    ],
    [
      'kubeContext as a number',
      `contexts: {dev: {kubeContext: 5, fleet: ${EXAMPLE}}}\n`,
      'contexts.dev.kubeContext: must be a non-empty string',
    ],
    [
      'fleet as a list',
      'contexts: {dev: {kubeContext: dev-1, fleet: [a]}}\n',
      'contexts.dev.fleet: must be a non-empty string',
    ],
    [
      'a relative kubeconfig',
      `contexts: {dev: {kubeContext: dev-1, kubeconfig: ../x, fleet: ${EXAMPLE}}}\n`,
      'contexts.dev.kubeconfig: must be an absolute path',
    ],
    [
      'a fleet that is neither',
      'contexts: {dev: {kubeContext: dev-1, fleet: "relative/dir"}}\n',
      'contexts.dev.fleet: "relative/dir" is neither an absolute directory nor a Git URL',
    ],
    [
      'a fleet URL with a password',
      'contexts: {dev: {kubeContext: dev-1, fleet: "https://me:secret@git.example.com/f.git"}}\n',
      'contexts.dev.fleet: the fleet URL carries a user name or password',
    ],
    [
      'a control character',
      `contexts: {dev: {kubeContext: "dev\\e[2J", fleet: ${EXAMPLE}}}\n`,
      'contexts.dev.kubeContext: must be at most 2048 characters, none of them control characters',
    ],
    [
      'a management cluster not a DNS label',
      `contexts: {dev: {kubeContext: dev-1, fleet: ${EXAMPLE}, managementCluster: Prod_1}}\n`,
      'contexts.dev.managementCluster: must be a DNS label',
    ],
    [
      'a YAML alias',
      `x: &a {kubeContext: dev-1, fleet: ${EXAMPLE}}\ncontexts: {dev: *a}\n`,
      'YAML aliases (*name) are not allowed in a contexts file: write each value out',
    ],
  ])('%s: refused, naming the field', async (_, text, message) => {
    await contextsFile(text);
    await expectRefused(`${file}: ${message}`);
  });

  it.each([
    [
      '__proto__ as a context',
      `contexts:\n  __proto__: {kubeContext: dev-1, fleet: ${EXAMPLE}, polluted: yes}\n`,
      'contexts.__proto__: "__proto__" is reserved',
    ],
    [
      'constructor as a context',
      `contexts:\n  constructor: {kubeContext: dev-1, fleet: ${EXAMPLE}}\n`,
      'contexts.constructor: "constructor" is reserved',
    ],
    [
      '__proto__ at the top',
      '__proto__: {polluted: yes}\n',
      '__proto__: unknown field',
    ],
    [
      '__proto__ inside a context',
      `contexts:\n  dev: {kubeContext: dev-1, fleet: ${EXAMPLE}, __proto__: {polluted: yes}}\n`,
      'contexts.dev.__proto__: unknown field',
    ],
    [
      'a name that climbs',
      `contexts:\n  ../../etc: {kubeContext: dev-1, fleet: ${EXAMPLE}}\n`,
      'contexts.../../etc: "../../etc" is not a context name',
    ],
  ])('%s: refused, and no prototype touched', async (_, text, message) => {
    await contextsFile(text);
    await expectRefused(`${file}: ${message}`);
  });

  it('a huge file is refused before it is parsed', async () => {
    const text = `# ${'x'.repeat(70_000)}\n${valid()}`;
    await contextsFile(text);
    await expectRefused(
      `${file} is ${Buffer.byteLength(
        text,
      )} bytes, more than a contexts file's 65536: fix or delete it`,
    );
  });

  it('a symbolic link is refused, naming its target, and the target is never written', async () => {
    const target = path.join(dir, 'elsewhere.yaml');
    await fs.writeFile(target, valid(), { mode: 0o600 });
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.symlink(target, file);
    await expectRefused(
      `${file} is a symbolic link (to ${target}): arlon reads and writes only a regular file there. Set ARLON_CONFIG=${target} to use that file, or replace the link with the file`,
    );
    const added = await run(
      'context',
      'add',
      'x',
      '--kube-context',
      'dev-1',
      '--fleet',
      EXAMPLE,
    );
    expect(added.code).toBe(1);
    expect(await fs.readFile(target, 'utf8')).toBe(valid());
    expect((await fs.lstat(file)).isSymbolicLink()).toBe(true);
  });

  it.each([
    [0o666, 'everyone', '666'],
    [0o620, 'its group', '620'],
  ])(
    'a file writable by others (mode %o) is refused, as ssh refuses its config',
    async (mode, who, shown) => {
      await contextsFile(valid(), mode);
      await expectRefused(
        `${file} is writable by ${who} (mode ${shown}): anyone who can change it can point arlon at another cluster. Run chmod 600 ${file}`,
      );
    },
  );

  it('a file others may only read is used (it holds no secret)', async () => {
    await contextsFile(valid(), 0o644);
    expect((await run('context', 'list')).code).toBe(0);
  });

  it('a context whose kubeconfig context no longer exists: named, with the ones there are', async () => {
    await contextsFile(
      valid().replace('kubeContext: dev-1', 'kubeContext: gone'),
    );
    const { code, err } = await run('preflight', 'readonly-rbac');
    expect(code).toBe(2);
    expect(err).toBe(
      `arlon: arlon context "dev" (${file}): there is no context "gone" in your kubeconfig (${path.join(
        dir,
        'config',
      )}; contexts: dev-1, cloud). Point it at a context that exists with arlon context add dev --kube-context <context> --fleet ${EXAMPLE}, or remove it with arlon context remove dev\n`,
    );
  });

  it('a current context that was removed by hand: said, with the contexts there are', async () => {
    await contextsFile(valid().replace('current: dev', 'current: prod'));
    const { code, err } = await run('snapshot', 'readonly-rbac');
    expect(code).toBe(1);
    expect(err).toBe(
      `arlon: the current arlon context "prod" (${file}) is not one of its contexts (dev): choose one with arlon context use <name>, or give --context\n`,
    );
    const listed = await run('context', 'list');
    expect(listed.code).toBe(0);
    expect(listed.err).toBe(
      'warning: the current context "prod" is not one of these: arlon context use <name> chooses another\n',
    );
  });

  it('a broken contexts file does not stop a command whose --context is a kubeconfig context', async () => {
    await contextsFile('[broken');
    const { code, err } = await run(
      'preflight',
      'readonly-rbac',
      '--context',
      'dev-1',
      '--fleet',
      EXAMPLE,
      '--output',
      'json',
    );
    expect(err).toBe('');
    expect(code).toBe(1);
  });

  it('an exec user is refused at add, naming the field, and never run; nor when the file names it later', async () => {
    const added = await run(
      'context',
      'add',
      'cloud',
      '--kube-context',
      'cloud',
      '--fleet',
      EXAMPLE,
    );
    expect(added.code).toBe(1);
    expect(added.err).toMatch(
      /^arlon: context "cloud" in .*users\[0\]\.user\.exec/,
    );
    await expect(fs.access(file)).rejects.toThrow();
    await contextsFile(
      valid().replace('kubeContext: dev-1', 'kubeContext: cloud'),
    );
    const used = await run('preflight', 'readonly-rbac');
    expect(used.code).toBe(2);
    expect(used.err).toMatch(
      /^arlon: arlon context "dev" .*users\[0\]\.user\.exec/,
    );
    await expect(fs.access(path.join(dir, 'ran'))).rejects.toThrow();
  });

  it.each([
    [
      [
        'context',
        'add',
        '__proto__',
        '--kube-context',
        'dev-1',
        '--fleet',
        EXAMPLE,
      ],
      'arlon context add: "__proto__" is reserved (it names an object prototype)\n',
    ],
    [
      ['context', 'add', '../x', '--kube-context', 'dev-1', '--fleet', EXAMPLE],
      'arlon context add: "../x" is not a context name: 1 to 63 letters, digits, ".", "_" or "-", starting and ending with a letter or digit\n',
    ],
    [
      [
        'context',
        'add',
        'a'.repeat(64),
        '--kube-context',
        'dev-1',
        '--fleet',
        EXAMPLE,
      ],
      /is not a context name/,
    ],
    [
      ['context', 'add', 'dev', '--fleet', EXAMPLE],
      'arlon context add dev needs --kube-context <kubeconfig-context> and --fleet <dir-or-git-url>\n',
    ],
    [
      ['context', 'add', 'dev', '--kube-context', 'dev-1'],
      /needs --kube-context <kubeconfig-context> and --fleet/,
    ],
    [
      [
        'context',
        'add',
        'dev',
        '--kube-context',
        'dev-1',
        '--fleet',
        '/nonexistent/fleet',
      ],
      "--fleet: /nonexistent/fleet is not a directory: give the fleet repository's checkout or its Git URL\n",
    ],
    [
      [
        'context',
        'add',
        'dev',
        '--kube-context',
        'dev-1',
        '--fleet',
        'https://me:tok@git.example.com/f.git',
      ],
      /^--fleet: the fleet URL carries a user name or password/,
    ],
    [
      [
        'context',
        'add',
        'dev',
        '--kube-context',
        'dev-1',
        '--fleet',
        EXAMPLE,
        '--management-cluster',
        'A/B',
      ],
      /^--management-cluster must be a DNS label/,
    ],
    [
      ['context', 'use'],
      /^arlon context takes add, use, list or remove, and one name/,
    ],
    [
      ['context', 'frobnicate', 'x'],
      /^arlon context takes add, use, list or remove/,
    ],
    [
      ['context', 'use', 'a', 'b'],
      /^arlon context takes add, use, list or remove/,
    ],
  ])('arguments %j: exit 2, nothing written', async (argv, message) => {
    const { code, err } = await run(...(argv as string[]));
    expect(code).toBe(2);
    expect(err).toEqual(exactlyOrLike(message));
    await expect(fs.access(file)).rejects.toThrow();
    expect(({} as any).polluted).toBeUndefined();
  });

  it('a kubeconfig context that does not exist is refused at add, naming the ones there are', async () => {
    const { code, err } = await run(
      'context',
      'add',
      'dev',
      '--kube-context',
      'nope',
      '--fleet',
      EXAMPLE,
    );
    expect(code).toBe(1);
    expect(err).toBe(
      `arlon: there is no context "nope" in your kubeconfig (${path.join(
        dir,
        'config',
      )}; contexts: dev-1, cloud)\n`,
    );
    await expect(fs.access(file)).rejects.toThrow();
  });

  it('--kubeconfig naming no file: the context is refused at add, naming the file', async () => {
    const missing = path.join(dir, 'no-such-kubeconfig');
    const { code, err } = await run(
      'context',
      'add',
      'dev',
      '--kube-context',
      'dev-1',
      '--kubeconfig',
      missing,
      '--fleet',
      EXAMPLE,
    );
    expect(code).toBe(1);
    expect(err).toBe(
      `arlon: there is no context "dev-1" in your kubeconfig (${missing}; contexts: none)\n`,
    );
    await expect(fs.access(file)).rejects.toThrow();
  });

  it('ARLON_CONFIG naming a directory: refused, not read or replaced', async () => {
    await fs.mkdir(file, { recursive: true });
    const { code, err } = await run('context', 'list');
    expect(code).toBe(1);
    expect(err).toBe(
      `arlon: ${file} is not a regular file: move it away, or point ARLON_CONFIG at the contexts file\n`,
    );
    expect((await fs.stat(file)).isDirectory()).toBe(true);
  });

  it('use and remove of a context that is not there: named, with the ones there are', async () => {
    await contextsFile(valid());
    for (const verb of ['use', 'remove']) {
      const { code, err } = await run('context', verb, 'prod');
      expect(code).toBe(1);
      expect(err).toBe(
        `there is no arlon context "prod" in ${file} (contexts: dev): add it with arlon context add prod --kube-context <context> --fleet <dir-or-git-url>\n`,
      );
    }
    expect(await fs.readFile(file, 'utf8')).toBe(valid());
  });
});
