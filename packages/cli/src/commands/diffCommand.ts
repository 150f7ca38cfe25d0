import type { Output } from '../Output';
import { commandContext, CommandContext } from '../contexts/commandContext';
import { liveCluster } from '../sides';
import { diff } from './diff';
import { preflight, showSavedReport } from './preflight';

/** `diff` and `preflight`, whose errors exit 2 (1 means "different"). */
export async function diffCommand(
  command: 'diff' | 'preflight',
  args: string[],
  values: Record<string, string | boolean | undefined>,
  json: boolean,
  usage: string,
  io: Output,
): Promise<number> {
  const color = values.color ?? 'auto';
  if (!['always', 'never', 'auto'].includes(color as string)) {
    io.err(`--color must be always, never or auto, not "${color}"\n`);
    return 2;
  }
  const output = {
    json,
    color:
      color === 'always' ||
      (color === 'auto' && !!process.stdout.isTTY && !process.env.NO_COLOR),
    save: values.save as string | undefined,
  };
  const common = {
    ...output,
    namespace: (values.namespace as string) ?? 'default',
    clientSide: !!values['client-side'],
  };
  try {
    if (command === 'diff') {
      if (args.length !== 2) {
        io.err(`diff needs two sides: arlon diff <left> <right>\n\n${usage}`);
        return 2;
      }
      return await diff(
        args[0],
        args[1],
        {
          ...common,
          scope: values.scope as string | undefined,
          connect: name => connectSide(name, io),
        },
        io,
      );
    }
    if (values.file)
      return await showSavedReport(values.file as string, output, io);
    const context =
      args.length === 1
        ? await commandContext(
            values.context as string | undefined,
            process.env,
            io,
          )
        : undefined;
    if (!context) {
      io.err(
        `preflight needs a bundle or profile and --context <name> (or a current arlon context): arlon preflight <bundle-or-profile> --context <name>\n`,
      );
      return 2;
    }
    return await preflight(
      args[0],
      {
        ...common,
        context: context.kubeContext,
        kubeConfig: context.kubeConfig,
        fleet: (values.fleet as string) ?? context.fleetDir ?? '.',
        repoUrl: (values['repo-url'] as string) ?? context.repoUrl,
      },
      io,
    );
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    io.err(
      e.code === 'ENOENT'
        ? `no such file or directory: ${e.path}\n`
        : `arlon: ${e.message}\n`,
    );
    return 2;
  }
}

/**
 * A live side of `arlon diff`: `context:<name>` as --context <name> would
 * mean it, `context:` alone the current arlon context.
 */
async function connectSide(name: string, io: Output) {
  const context: CommandContext | undefined = await commandContext(
    name || undefined,
    process.env,
    io,
  );
  if (!context)
    throw new Error(
      'context: without a name is the current arlon context, and there is none: name a kubeconfig context (context:<name>) or choose one with arlon context use <name>',
    );
  return {
    name: context.kubeContext,
    cluster: liveCluster(context.kubeContext, context.kubeConfig),
  };
}
