import type { LoggerService } from '@backstage/backend-plugin-api';
import { NotFoundError } from '@backstage/errors';
import {
  pushPayloadSchema,
  type WebhookResponse,
} from '@arlon-backstage/plugin-arlon-common';
import express from 'express';
import Router from 'express-promise-router';
import { parseRequest } from '../http/parseRequest';
import { isPushEvent, verifyPushDelivery } from './verifyPushDelivery';

/** Path of the push webhook under /api/arlon; open to unauthenticated callers, who must sign. */
export const GIT_WEBHOOK_PATH = '/webhooks/git';
/** Push payloads are small; a bigger body is refused (413) before it is hashed or parsed. */
export const WEBHOOK_BODY_LIMIT = '1mb';

export interface GitWebhookOptions {
  /** arlon.fleetRepo.webhookSecret. */
  secret: string;
  /** The fleet branch: pushes to any other ref change nothing. */
  branch: string;
  /** Looks at the fleet branch's head now (FleetChanges.check). */
  checkHead(): Promise<void>;
  logger: LoggerService;
}

/**
 * `POST /webhooks/git`: a push webhook from GitHub, GitLab or Gitea. A
 * verified push to the fleet branch makes the process look at the branch's
 * head at once (one ls-remote), so commits made outside the portal are seen
 * without waiting for the next poll. Nothing in the payload is trusted
 * beyond its ref: the commit is read from the Git server, never taken from
 * the delivery, so a replayed or forged payload can at most cause a look.
 */
export function gitWebhookRouter(options: GitWebhookOptions): express.Router {
  const router = Router();
  const ours = `refs/heads/${options.branch}`;
  router.post(
    GIT_WEBHOOK_PATH,
    // The raw bytes: signatures are over the body exactly as sent.
    express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }),
    async (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const delivery = verifyPushDelivery(req.headers, body, options.secret);
      if (delivery.host === 'github' && delivery.event === 'ping') {
        res.json({
          message: 'The webhook reaches the portal and its signature is valid',
        } satisfies WebhookResponse);
        return;
      }
      if (!isPushEvent(delivery)) {
        res.status(202).json({
          checked: false,
          message: `Only push events matter here; this ${delivery.host} event is ignored (send push events only)`,
        } satisfies WebhookResponse);
        return;
      }
      const ref = pushedRef(body, req.headers['content-type']);
      if (ref !== ours) {
        res.status(202).json({
          checked: false,
          message: `A push to ${ref.slice(
            0,
            200,
          )}, not to the fleet branch ${ours}: nothing to do`,
        } satisfies WebhookResponse);
        return;
      }
      void options
        .checkHead()
        .catch(error =>
          options.logger.warn(
            `Looking at the fleet branch after a ${delivery.host} push webhook failed: ${error.message}`,
          ),
        );
      res.status(202).json({
        checked: true,
        message: `Looking at ${ours} now`,
      } satisfies WebhookResponse);
    },
  );
  // Nothing else under /webhooks exists, and nothing else may answer there unauthenticated.
  router.use('/webhooks', () => {
    throw new NotFoundError(
      `The only webhook is POST /api/arlon${GIT_WEBHOOK_PATH}`,
    );
  });
  return router;
}

/** The pushed ref of a verified push payload (JSON, or GitHub's form-encoded `payload=`). */
function pushedRef(body: Buffer, contentType: string | undefined): string {
  let text = body.toString('utf8');
  if (contentType?.startsWith('application/x-www-form-urlencoded'))
    text = new URLSearchParams(text).get('payload') ?? '';
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    payload = undefined;
  }
  return parseRequest(pushPayloadSchema, payload).ref;
}
