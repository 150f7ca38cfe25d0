import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  ArlonContexts,
  contextsYaml,
  MAX_CONTEXTS_BYTES,
  parseContexts,
} from './contextsModel';

/**
 * Where the contexts live: ARLON_CONFIG (a file) when set, else
 * $XDG_CONFIG_HOME/arlon/contexts.yaml (the XDG spec ignores a relative
 * XDG_CONFIG_HOME), else ~/.config/arlon/contexts.yaml.
 */
export function contextsFilePath(env: NodeJS.ProcessEnv): string {
  if (env.ARLON_CONFIG) return path.resolve(env.ARLON_CONFIG);
  const xdg = env.XDG_CONFIG_HOME;
  const base =
    xdg && path.isAbsolute(xdg) ? xdg : path.join(os.homedir(), '.config');
  return path.join(base, 'arlon', 'contexts.yaml');
}

/**
 * The contexts in `file`, or undefined when there is none. Checked as ssh
 * checks its config: a regular file (a symlink is refused, not followed),
 * owned by this user or root, writable by no one else, and small; whoever
 * could change it could point the CLI at another cluster.
 */
export async function readContexts(
  file: string,
): Promise<ArlonContexts | undefined> {
  let handle;
  try {
    handle = await fs.open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP') throw await symlinkError(file);
    throw error;
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile())
      throw new Error(
        `${file} is not a regular file: move it away, or point ARLON_CONFIG at the contexts file`,
      );
    const uid = process.getuid?.();
    if (uid !== undefined && stat.uid !== uid && stat.uid !== 0)
      throw new Error(
        `${file} belongs to user ${stat.uid}, not to you: arlon reads only your own contexts file (chown it, or delete it and add your contexts again)`,
      );
    if (stat.mode & 0o022)
      throw new Error(
        `${file} is writable by ${
          stat.mode & 0o002 ? 'everyone' : 'its group'
        } (mode ${(stat.mode & 0o777).toString(
          8,
        )}): anyone who can change it can point arlon at another cluster. Run chmod 600 ${file}`,
      );
    if (stat.size > MAX_CONTEXTS_BYTES)
      throw new Error(
        `${file} is ${stat.size} bytes, more than a contexts file's ${MAX_CONTEXTS_BYTES}: fix or delete it`,
      );
    // Read at most the limit: the file may grow after the stat.
    const buffer = Buffer.alloc(MAX_CONTEXTS_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > MAX_CONTEXTS_BYTES)
      throw new Error(
        `${file} is more than a contexts file's ${MAX_CONTEXTS_BYTES} bytes: fix or delete it`,
      );
    return parseContexts(buffer.subarray(0, bytesRead).toString('utf8'), file);
  } finally {
    await handle.close();
  }
}

async function symlinkError(file: string): Promise<Error> {
  const target = await fs.readlink(file).catch(() => '?');
  return new Error(
    `${file} is a symbolic link (to ${target}): arlon reads and writes only a regular file there. Set ARLON_CONFIG=${target} to use that file, or replace the link with the file`,
  );
}

/**
 * Writes `contexts` to `file` atomically: a new 0600 file beside it, synced,
 * then renamed over it, so a crash leaves the old file or the new one, never
 * half of one. The directory is created 0700.
 */
export async function writeContexts(
  file: string,
  contexts: ArlonContexts,
): Promise<void> {
  const text = contextsYaml(contexts);
  parseContexts(text, file); // never write a file the next command would refuse
  const dir = path.dirname(file);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const temporary = path.join(
    dir,
    `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`,
  );
  const handle = await fs.open(temporary, 'wx', 0o600);
  try {
    await handle.chmod(0o600); // whatever the umask
    await handle.writeFile(text);
    await handle.sync();
    await handle.close();
    await fs.rename(temporary, file);
  } catch (error) {
    await handle.close().catch(() => {});
    await fs.rm(temporary, { force: true });
    throw error;
  }
}
