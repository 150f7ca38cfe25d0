import { z } from 'zod';

/**
 * A push delivery's payload (`POST /webhooks/git`), read only for its ref:
 * the commit itself is read from the Git server, never taken from the
 * delivery.
 *
 * @public
 */
export interface PushPayload {
  ref: string;
}
const NO_REF =
  'The push event has no "ref": the webhook must send the host\'s push payload as JSON (content type application/json)';
/** @public */
export const pushPayloadSchema: z.ZodType<PushPayload, unknown> = z.object(
  { ref: z.string({ error: NO_REF }) },
  { error: NO_REF },
);

/**
 * What the webhook did with a delivery.
 *
 * @public
 */
export interface WebhookResponse {
  /** Whether the fleet branch's head is being looked at (absent for a ping). */
  checked?: boolean;
  message: string;
}
