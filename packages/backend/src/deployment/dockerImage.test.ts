import { DockerfileParser, Instruction } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import fs from 'node:fs';
import path from 'node:path';
import {
  readRepoFile,
  renderPortalManifests,
  repoPath,
} from './__testUtils__/repository';

const DOCKERFILE = readRepoFile('packages/backend/Dockerfile');

interface Stage {
  name?: string;
  image: string;
  instructions: Instruction[];
}

/** The Dockerfile's stages, each with the instructions after its FROM. */
function stages(content: string): Stage[] {
  const result: Stage[] = [];
  for (const instruction of DockerfileParser.parse(content).getInstructions()) {
    if (instruction.getKeyword() === 'FROM') {
      const [image, , name] = instruction
        .getArguments()
        .map(argument => argument.getValue());
      result.push({ image, name, instructions: [] });
    } else {
      result.at(-1)!.instructions.push(instruction);
    }
  }
  return result;
}

const args = (instruction: Instruction) =>
  instruction.getArguments().map(argument => argument.getValue());
const flag = (instruction: Instruction, name: string) =>
  (instruction as any)
    .getFlags()
    .find((f: any) => f.getName() === name)
    ?.getValue() as string | undefined;
const of = (stage: Stage, keyword: string) =>
  stage.instructions.filter(i => i.getKeyword() === keyword);

/**
 * The workspaces `yarn --cwd packages/backend build` bundles: the backend and
 * its local dependencies, following what is published with each
 * (dependencies, optional and peer, never devDependencies) and nothing of a
 * `bundled` package, as the Backstage CLI's dist workspace does.
 */
function bundledWorkspaces(): Map<string, string> {
  const workspaces = new Map<string, { dir: string; pkg: any }>();
  for (const parent of ['packages', 'plugins'])
    for (const dir of fs.readdirSync(repoPath(parent))) {
      const file = repoPath(parent, dir, 'package.json');
      if (!fs.existsSync(file)) continue;
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
      workspaces.set(pkg.name, { dir: `${parent}/${dir}`, pkg });
    }
  const bundled = new Map<string, string>();
  const visit = (name: string) => {
    const workspace = workspaces.get(name);
    if (!workspace || bundled.has(name)) return;
    bundled.set(name, workspace.dir);
    if (workspace.pkg.bundled) return;
    const { dependencies, optionalDependencies, peerDependencies } =
      workspace.pkg;
    for (const dep of Object.keys({
      ...dependencies,
      ...optionalDependencies,
      ...peerDependencies,
    }))
      visit(dep);
  };
  visit('backend');
  return bundled;
}

/**
 * What can be checked of packages/backend/Dockerfile without Docker: it
 * parses and lints clean as Docker's language server reads it, follows
 * Backstage's multi-stage build on Node 22, copies only what exists and is
 * in the build context, and runs the production backend as a non-root user
 * with the sandbox nowhere in what it installs.
 */
describe('the portal image (packages/backend/Dockerfile)', () => {
  const [packages, build, image] = stages(DOCKERFILE);

  it('lints clean (dockerfile-utils, the Docker language server checks)', () => {
    expect(validate(DOCKERFILE)).toEqual([]);
    // The lint is live: a broken instruction is reported with its line.
    expect(
      validate(`${DOCKERFILE}\nEXPOSE http\n`).map(d => d.message),
    ).toEqual(['Invalid containerPort: http']);
  });

  it("is Backstage's three-stage build, every stage on Node 22", () => {
    expect(stages(DOCKERFILE).map(s => [s.name, s.image])).toEqual([
      ['packages', 'node:22-bookworm-slim'],
      ['build', 'node:22-bookworm-slim'],
      [undefined, 'node:22-bookworm-slim'],
    ]);
    // The package.json "engines" the image's Node must satisfy.
    expect(JSON.parse(readRepoFile('package.json')).engines.node).toMatch(
      /\b22\b/,
    );
    expect(args(of(build, 'RUN').find(r => args(r).includes('tsc'))!)).toEqual([
      'yarn',
      'tsc',
    ]);
    expect(of(build, 'RUN').map(r => args(r).join(' '))).toContain(
      'yarn --cwd packages/backend build',
    );
  });

  it('copies from earlier stages only, and from the context only what exists and is not ignored', () => {
    const names = new Set<string>();
    const ignored = readRepoFile('.dockerignore')
      .split('\n')
      .map(line => line.trim())
      .filter(line => line && !line.startsWith('#'));
    const fromContext: string[] = [];
    const unknownStages: string[] = [];
    for (const stage of [packages, build, image]) {
      for (const copy of of(stage, 'COPY')) {
        const from = flag(copy, 'from');
        const sources = args(copy).slice(0, -1);
        if (from && !names.has(from)) unknownStages.push(from);
        if (!from && !sources.includes('.')) fromContext.push(...sources);
      }
      if (stage.name) names.add(stage.name);
    }
    expect(unknownStages).toEqual([]);
    expect(fromContext.length).toBeGreaterThan(0);
    for (const source of fromContext) {
      expect([source, fs.existsSync(repoPath(source))]).toEqual([source, true]);
      for (const pattern of ignored)
        expect([source, pattern, path.matchesGlob(source, pattern)]).toEqual([
          source,
          pattern,
          false,
        ]);
    }
  });

  it('runs the production backend with both config files, as the non-root node user', async () => {
    const users = of(image, 'USER').map(u => args(u)[0]);
    expect(users).toEqual(['node']);
    const envs = of(image, 'ENV').map(e => args(e).join(' '));
    expect(envs).toContain('NODE_ENV=production');
    const [cmd] = of(image, 'CMD');
    const command = JSON.parse(cmd.getArgumentsContent()!);
    expect(command).toEqual([
      'node',
      'packages/backend',
      '--config',
      'app-config.yaml',
      '--config',
      'app-config.production.yaml',
    ]);
    // Each config file the command names is copied into the image.
    const copied = of(image, 'COPY').flatMap(c => args(c).slice(0, -1));
    for (const file of ['app-config.yaml', 'app-config.production.yaml'])
      expect(copied).toContain(file);
    // and the example org, the production config's default catalog org file.
    expect(copied).toContain('examples/org.yaml');
    // The Deployment runs it as that user, on the port it exposes.
    const deployment = (await renderPortalManifests()).find(
      o => o.kind === 'Deployment',
    );
    expect(of(image, 'EXPOSE').map(e => args(e)[0])).toEqual([
      String(
        deployment.spec.template.spec.containers[0].ports[0].containerPort,
      ),
    ]);
    expect(of(image, 'WORKDIR').map(w => args(w)[0])).toEqual(['/app']);
  });

  it('installs production dependencies only, of the workspaces the backend bundles: never the sandbox', () => {
    const focus = of(image, 'RUN')
      .map(r => r.getArgumentsContent()!)
      .find(run => run.includes('yarn workspaces focus'));
    expect(focus).toContain('yarn workspaces focus --all --production');
    const workspaces = bundledWorkspaces();
    expect([...workspaces.keys()]).not.toContain(
      '@arlon-backstage/arlon-sandbox',
    );
    expect([...workspaces.keys()]).not.toContain('@arlon-backstage/arlon-cli');
    // What the portal runs is there: the backend, the app it serves, Arlon's backend plugins.
    expect([...workspaces.keys()].sort()).toEqual([
      '@arlon-backstage/plugin-arlon-backend',
      '@arlon-backstage/plugin-arlon-common',
      '@arlon-backstage/plugin-arlon-node',
      '@arlon-backstage/plugin-catalog-backend-module-arlon',
      '@arlon-backstage/plugin-kubernetes-backend-module-arlon',
      '@arlon-backstage/plugin-scaffolder-backend-module-arlon',
      'app',
      'backend',
    ]);
    // The sandbox is a devDependency wherever it is named, so no
    // production install of these workspaces brings it either.
    for (const dir of workspaces.values()) {
      const pkg = JSON.parse(readRepoFile(dir, 'package.json'));
      expect([
        dir,
        pkg.dependencies?.['@arlon-backstage/arlon-sandbox'],
      ]).toEqual([dir, undefined]);
    }
  });
});
