import { Errors, type HttpClient } from 'isomorphic-git';
import type { GitCredentials } from './gitCredentials';
import { packfile, type GitObject } from './packfile';
import {
  authorization,
  collect,
  drain,
  httpError,
  mediaTypeOf,
  requestAskingOnce,
  splitCredentials,
} from './smartHttp';
import {
  GitProtocolError,
  ZERO_OID,
  parseAdvertisement,
  parseReport,
  receivePackRequest,
} from './receivePackProtocol';

/** Bounds on what the server may send back: refs of a busy repository, a report with hook output. */
const ADVERTISEMENT_LIMIT = 32 * 1024 * 1024;
const REPORT_LIMIT = 4 * 1024 * 1024;
const SERVICE = 'git-receive-pack';
const AGENT = 'agent=git/arlon-backstage';

/**
 * Pushes the commit `commit`, made on top of `parent`, to `ref`: the pack
 * holds exactly `objects`, the ones the commit added (itself, the trees on
 * its changed paths, the changed files' blobs), so nothing of the fleet is
 * walked or read back. That is only complete if the server has `parent`: the
 * push goes ahead when the server's `ref` is at `parent` (or does not exist
 * yet: a new branch off a commit the server has), and answers `overtaken`,
 * sending nothing, when it is anywhere else (or, once sent, when the server
 * refused the update because the branch moved in the meantime).
 *
 * isomorphic-git's push walked every tree of the new commit and of the
 * server's head to find what to send, then read each object back, inflated
 * and deflated it again: 1.3 s at 1,000 clusters for a two-file change.
 *
 * The same HTTP client, credentials and URL handling as isomorphic-git's
 * (credentials in the URL, else `credentials` after the server's 401). A
 * refusal by the server (the pack not unpacked, the ref not updated) throws
 * isomorphic-git's GitPushError, as its push did.
 */
export async function pushObjects(options: {
  http: HttpClient;
  url: string;
  credentials?: () => GitCredentials | undefined;
  ref: string;
  parent: string;
  commit: string;
  objects: Iterable<GitObject>;
}): Promise<'pushed' | 'overtaken'> {
  const { http, ref, parent, commit } = options;
  const split = splitCredentials(options.url);
  const url = split.url;
  let auth: GitCredentials | undefined = split.auth;

  /** The server's refs and capabilities, asking for credentials once on a 401. */
  const advertise = async () => {
    const asked = await requestAskingOnce(
      http,
      headers => ({
        method: 'GET',
        url: `${url}/info/refs?service=${SERVICE}`,
        headers,
      }),
      auth,
      options.credentials,
    );
    const res = asked.res;
    auth = asked.auth;
    if (res.statusCode !== 200) throw await httpError(res);
    if (mediaTypeOf(res) !== `application/x-${SERVICE}-advertisement`) {
      await drain(res);
      throw new GitProtocolError(
        `the ref advertisement came as ${JSON.stringify(
          res.headers?.['content-type'] ?? 'no content type',
        )}: is this a smart Git HTTP server?`,
      );
    }
    return parseAdvertisement(
      await collect(res, ADVERTISEMENT_LIMIT, 'the ref advertisement'),
    );
  };

  const advertised = await advertise();
  const old = advertised.refs.get(ref) ?? ZERO_OID;
  if (old !== parent && old !== ZERO_OID) return 'overtaken';
  if (!advertised.capabilities.has('report-status'))
    throw new GitProtocolError(
      'the server does not offer report-status, so it could not say whether the push landed',
    );
  const sideBand = advertised.capabilities.has('side-band-64k');
  const capabilities = ['report-status'];
  if (sideBand) capabilities.push('side-band-64k');
  if ([...advertised.capabilities].some(c => c.startsWith('agent=')))
    capabilities.push(AGENT);

  const answer = await http.request({
    method: 'POST',
    url: `${url}/${SERVICE}`,
    headers: {
      ...authorization(auth),
      'content-type': `application/x-${SERVICE}-request`,
      accept: `application/x-${SERVICE}-result`,
    },
    body: receivePackRequest(
      ref,
      old,
      commit,
      capabilities,
      packfile(options.objects),
    ) as any,
  });
  if (answer.statusCode !== 200) throw await httpError(answer);
  const report = parseReport(
    await collect(answer, REPORT_LIMIT, 'the push report'),
    sideBand,
  );
  const refResult = report.refs.get(ref) ?? {
    ok: false,
    error: 'not in the server’s report',
  };
  if (report.unpack === 'ok' && refResult.ok) return 'pushed';
  // Another writer (a second replica, a person) moved the branch between our
  // two requests: the server refused the update, so this is the same race
  // as finding it moved before, and the write replans on the new head.
  if (
    report.unpack === 'ok' &&
    ((await advertise()).refs.get(ref) ?? ZERO_OID) !== old
  )
    return 'overtaken';
  const details =
    report.unpack === 'ok'
      ? `\n  - ${ref}: ${refResult.error}`
      : `\n  - unpack: ${report.unpack}`;
  throw new Errors.GitPushError(details, {
    ok: report.unpack === 'ok',
    error: report.unpack === 'ok' ? undefined : report.unpack,
    refs: Object.fromEntries(report.refs),
  } as any);
}
