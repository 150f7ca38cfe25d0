import type { Config } from '@backstage/config';
import { InputError } from '@backstage/errors';

export interface FleetChangesConfig {
  /** How often the fleet branch's head is asked for (arlon.fleetRepo.pollSeconds). */
  pollMs: number;
  /** Shared secret of push webhooks; the webhook route is off without it. */
  webhookSecret?: string;
}

export const DEFAULT_POLL_SECONDS = 3;
/** Shorter secrets can be guessed offline from one signed delivery. */
export const MIN_WEBHOOK_SECRET_LENGTH = 16;

/**
 * Reads `arlon.fleetRepo.pollSeconds` and `arlon.fleetRepo.webhookSecret`;
 * a bad value fails start-up naming its key (never showing the secret).
 */
export function readFleetChangesConfig(root: Config): FleetChangesConfig {
  const repo = root.getOptionalConfig('arlon.fleetRepo');
  const seconds =
    repo?.getOptionalNumber('pollSeconds') ?? DEFAULT_POLL_SECONDS;
  if (!Number.isFinite(seconds) || seconds < 0.1 || seconds > 3600)
    throw new InputError(
      `arlon.fleetRepo.pollSeconds is ${seconds}; it must be a number of seconds from 0.1 to 3600 (default ${DEFAULT_POLL_SECONDS})`,
    );
  const webhookSecret = repo?.getOptionalString('webhookSecret');
  if (
    webhookSecret !== undefined &&
    webhookSecret.length < MIN_WEBHOOK_SECRET_LENGTH
  )
    throw new InputError(
      `arlon.fleetRepo.webhookSecret is shorter than ${MIN_WEBHOOK_SECRET_LENGTH} characters; use a long random value (e.g. openssl rand -hex 32), or leave it unset to turn the webhook off`,
    );
  return { pollMs: Math.round(seconds * 1000), webhookSecret };
}
