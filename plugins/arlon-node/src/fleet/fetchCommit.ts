import fs from 'node:fs';
import path from 'node:path';
import git, { type HttpClient } from 'isomorphic-git';
import type { GitCredentials } from './gitCredentials';
import { GitProtocolError } from './receivePackProtocol';
import {
  requestAskingOnce,
  collect,
  drain,
  httpError,
  mediaTypeOf,
  splitCredentials,
} from './smartHttp';
import {
  checkInflatedSize,
  packOfAnswer,
  uploadPackRequest,
} from './uploadPackProtocol';

const SERVICE = 'git-upload-pack';
/**
 * The largest pack taken in one fetch of one commit (isomorphic-git's own
 * fetch, the fallback, holds a pack in memory too, with no bound on its
 * bytes; what it inflates to is bounded as here, packBoundFs): a commit
 * regenerating every cluster's files at 10,000 clusters is tens of MB.
 */
const PACK_LIMIT = 256 * 1024 * 1024;
/**
 * The most its objects may inflate to, deltas applied, when it is indexed
 * (checkInflatedSize): 1 GiB, far more than a commit of the fleet's YAML
 * (tens of MB of pack at 10,000 clusters).
 */
export const INFLATED_LIMIT = 4 * PACK_LIMIT;
const CAPABILITIES = [
  'side-band-64k',
  'ofs-delta',
  'no-progress',
  'agent=git/arlon-backstage',
];

/**
 * Fetches `want`, a commit the caller was told is the branch's head, into
 * the clone at `dir` in one request: the POST to `git-upload-pack` without
 * the ref advertisement before it (isomorphic-git's fetch always asks for
 * the refs first, though the head watch has just read them). Stateless
 * upload-pack gives a commit that is a ref's tip or reachable from one; one
 * it refuses (the branch was forced elsewhere) throws WantRefusedError, and
 * the caller fetches the branch as before.
 *
 * The pack is written into the clone only when it is whole (pkt-lines,
 * framing, checksum: uploadPackProtocol), and indexed by isomorphic-git,
 * which names every object by the hash of its content. Nothing else moves:
 * whether the commit and its files are all there is for the caller to read
 * before it moves a ref. Credentials as the push sends them (pushObjects).
 */
export async function fetchCommit(options: {
  http: HttpClient;
  url: string;
  credentials?: () => GitCredentials | undefined;
  dir: string;
  want: string;
  haves: string[];
  cache: object;
}): Promise<void> {
  const { http, dir, want, haves, cache } = options;
  const split = splitCredentials(options.url);
  const body = uploadPackRequest(want, haves, CAPABILITIES);
  const { res } = await requestAskingOnce(
    http,
    headers => ({
      method: 'POST',
      url: `${split.url}/${SERVICE}`,
      headers: {
        ...headers,
        'content-type': `application/x-${SERVICE}-request`,
        accept: `application/x-${SERVICE}-result`,
      },
      body: [body] as any,
    }),
    split.auth,
    options.credentials,
  );
  if (res.statusCode !== 200) throw await httpError(res);
  if (mediaTypeOf(res) !== `application/x-${SERVICE}-result`) {
    await drain(res);
    throw new GitProtocolError(
      `the pack came as ${JSON.stringify(
        res.headers?.['content-type'] ?? 'no content type',
      )}`,
      'a fetch',
    );
  }
  const pack = packOfAnswer(
    await collect(res, PACK_LIMIT, 'the pack', 'a fetch'),
  );
  checkInflatedSize(pack, INFLATED_LIMIT);
  const name = `pack-${pack.toString('hex', pack.length - 20)}.pack`;
  const packs = path.join(dir, '.git', 'objects', 'pack');
  await fs.promises.mkdir(packs, { recursive: true });
  await fs.promises.writeFile(path.join(packs, name), pack);
  try {
    await git.indexPack({
      fs,
      dir,
      filepath: path.join('.git', 'objects', 'pack', name),
      cache,
    });
  } catch (error) {
    // A pack without its index is never read; removed all the same.
    await fs.promises.rm(path.join(packs, name), { force: true });
    throw error;
  }
}
