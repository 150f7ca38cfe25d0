import { parseArgs } from 'node:util';
import { providers } from './commands/providers';
import { render } from './commands/render';
import { validate } from './commands/validate';
import { Output, processOutput } from './Output';

const USAGE = `Usage: arlon <command> [options]

Commands:
  validate [dir]                 Check a fleet repository; exit 1 with every problem
      --output json              Machine-readable result
  render [dir] --out <dir>       Validate, then write the generated tree to <out>/generated
      --repo-url <url>           Fleet repository URL ArgoCD clones (required)
      --revision <branch>        Branch ArgoCD follows (default: main)
  providers                      List Cluster API providers and their cluster types
      --output json

[dir] defaults to the current directory.
`;

/** Runs the command line; returns the exit code. */
export async function main(
  argv: string[],
  io: Output = processOutput,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        output: { type: 'string' },
        out: { type: 'string' },
        'repo-url': { type: 'string' },
        revision: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, dir = '.'] = positionals;
  if (values.help || !command) {
    (values.help ? io.out : io.err)(USAGE);
    return values.help ? 0 : 2;
  }
  if (values.output !== undefined && values.output !== 'json') {
    io.err(`--output must be json, not "${values.output}"\n`);
    return 2;
  }
  const json = values.output === 'json';
  try {
    switch (command) {
      case 'validate':
        return await validate(dir, { json }, io);
      case 'render':
        if (!values.out) {
          io.err(
            'render needs --out <dir> (use the fleet directory itself to update its generated/ tree)\n',
          );
          return 2;
        }
        if (!values['repo-url']) {
          io.err(
            'render needs --repo-url <url>: the fleet repository URL ArgoCD clones\n',
          );
          return 2;
        }
        return await render(
          dir,
          {
            out: values.out,
            repoUrl: values['repo-url'],
            revision: values.revision ?? 'main',
          },
          io,
        );
      case 'providers':
        return providers({ json }, io);
      default:
        io.err(`unknown command "${command}"\n\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    io.err(
      e.code === 'ENOENT'
        ? `no such directory: ${e.path}\n`
        : `arlon: ${e.message}\n`,
    );
    return 1;
  }
}
