import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EXAMPLE, run } from './__testUtils__/run';

/** "Billion laughs": a few hundred bytes that would expand to 9^9 strings. */
function aliasBomb(prefix = ''): string {
  let text = `${prefix}a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n`;
  let previous = 'a';
  for (const level of 'bcdefghi') {
    text += `${level}: &${level} [${Array(9)
      .fill(`*${previous}`)
      .join(',')}]\n`;
    previous = level;
  }
  return text;
}

describe('the CLI with a YAML alias bomb', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bomb-'));
    await fs.writeFile(
      path.join(dir, 'ok.yaml'),
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok}\n',
    );
    await fs.writeFile(path.join(dir, 'bomb.yaml'), aliasBomb());
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('arlon diff refuses the file, naming it and the problem, with exit code 2', async () => {
    const { code, err } = await run(
      'diff',
      `${dir}/ok.yaml`,
      `${dir}/bomb.yaml`,
    );
    expect(code).toBe(2);
    expect(err).toContain(
      `${dir}/bomb.yaml: YAML aliases expand too far (more than 100 expansions in one document`,
    );
  });

  it('arlon validate reports an alias bomb in a fleet repository as a problem at its file and line', async () => {
    const fleet = path.join(dir, 'fleet');
    await fs.cp(EXAMPLE, fleet, { recursive: true });
    await fs.writeFile(
      path.join(fleet, 'arlon/bundles/bomb.yaml'),
      aliasBomb('apiVersion: core.arlon.io/v1\nkind: Bundle\n'),
    );
    const { code, out, err } = await run('validate', fleet);
    expect(code).not.toBe(0);
    expect(`${out}${err}`).toMatch(
      /arlon\/bundles\/bomb\.yaml:\d+:\d+.*YAML aliases expand too far/,
    );
  });
});
