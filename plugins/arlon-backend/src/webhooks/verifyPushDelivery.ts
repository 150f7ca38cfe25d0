import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { AuthenticationError } from '@backstage/errors';

/** The Git hosts whose push webhooks the portal verifies. */
export type GitHost = 'github' | 'gitlab' | 'gitea';

export interface VerifiedDelivery {
  host: GitHost;
  /** The host's event name (`push`, `ping`, `Push Hook`, ...). */
  event: string;
}

const SIGNATURES =
  'X-Hub-Signature-256 (GitHub), X-Gitlab-Token (GitLab) or X-Gitea-Signature (Gitea)';

/**
 * Proves a webhook delivery came from a Git host that knows the shared
 * secret, before anything in it is read:
 * - GitHub: `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the body>`;
 * - Gitea: `X-Gitea-Signature: <HMAC-SHA256 of the body>` (looked at first:
 *   Gitea may send GitHub's header too);
 * - GitLab: `X-Gitlab-Token: <the secret>` (GitLab does not sign bodies).
 * Every comparison takes the same time wherever the first difference is
 * (timingSafeEqual over equal-length digests). A delivery without a valid
 * one is an AuthenticationError (401) that never says which part was wrong.
 */
export function verifyPushDelivery(
  headers: IncomingHttpHeaders,
  body: Buffer,
  secret: string,
): VerifiedDelivery {
  const gitea = header(headers, 'x-gitea-signature');
  if (gitea !== undefined) {
    requireMatch(hexDigest(gitea), hmac(secret, body));
    return { host: 'gitea', event: header(headers, 'x-gitea-event') ?? '' };
  }
  const github = header(headers, 'x-hub-signature-256');
  if (github !== undefined) {
    const hex = /^sha256=(.*)$/.exec(github)?.[1];
    requireMatch(
      hex === undefined ? undefined : hexDigest(hex),
      hmac(secret, body),
    );
    return { host: 'github', event: header(headers, 'x-github-event') ?? '' };
  }
  const gitlab = header(headers, 'x-gitlab-token');
  if (gitlab !== undefined) {
    // Digests of both: equal lengths, so the compare leaks not even the secret's length.
    requireMatch(sha256(gitlab), sha256(secret));
    return { host: 'gitlab', event: header(headers, 'x-gitlab-event') ?? '' };
  }
  throw new AuthenticationError(
    `The webhook delivery is not signed: give the webhook the secret in arlon.fleetRepo.webhookSecret, so it sends ${SIGNATURES}`,
  );
}

/** Whether a verified delivery is a push (rather than a ping, a tag or an issue event). */
export function isPushEvent({ host, event }: VerifiedDelivery): boolean {
  return host === 'gitlab' ? event === 'Push Hook' : event === 'push';
}

function requireMatch(given: Buffer | undefined, expected: Buffer) {
  if (
    !given ||
    given.length !== expected.length ||
    !timingSafeEqual(given, expected)
  )
    throw new AuthenticationError(
      `The webhook delivery's signature does not match: the webhook's secret must be the one in arlon.fleetRepo.webhookSecret (${SIGNATURES})`,
    );
}

/** A header's one value; a repeated header is refused rather than picked from. */
function header(headers: IncomingHttpHeaders, name: string) {
  const value = headers[name];
  if (Array.isArray(value)) return '';
  return value;
}

/** A SHA-256 digest written as 64 hex digits, or undefined for anything else. */
function hexDigest(value: string): Buffer | undefined {
  return /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, 'hex')
    : undefined;
}

function hmac(secret: string, body: Buffer) {
  return createHmac('sha256', secret).update(body).digest();
}

function sha256(value: string) {
  return createHash('sha256').update(value, 'utf8').digest();
}
