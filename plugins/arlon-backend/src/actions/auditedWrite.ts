import {
  AuditorService,
  BackstageCredentials,
} from '@backstage/backend-plugin-api';
import type { JsonObject } from '@backstage/types';
import type express from 'express';
import { InvalidDefinitionError } from '@arlon-backstage/plugin-arlon-node';

export interface WriteOutcome {
  status?: number;
  body: unknown;
  /** Added to the audit event on success. */
  meta?: JsonObject;
}

/**
 * Every write route's frame: an audit event (success or failure, with the
 * user from the request), and definitions that do not validate answered 400
 * with every problem. Other errors go to Backstage's error handler.
 */
export async function auditedWrite(
  auditor: AuditorService,
  req: express.Request,
  res: express.Response,
  event: {
    eventId: string;
    severityLevel?: 'low' | 'medium' | 'high' | 'critical';
    meta?: JsonObject;
  },
  work: () => Promise<WriteOutcome>,
): Promise<void> {
  const audit = await auditor.createEvent({ ...event, request: req });
  try {
    const outcome = await work();
    await audit.success({ meta: outcome.meta });
    res.status(outcome.status ?? 200).json(outcome.body);
  } catch (error) {
    await audit.fail({ error: error as Error });
    if (error instanceof InvalidDefinitionError) {
      res.status(400).json({
        error: { name: error.name, message: error.message },
        problems: error.problems,
      });
      return;
    }
    throw error;
  }
}

/** Commit author for a user's change. */
export function authorOf(
  credentials: BackstageCredentials<{ type: 'user'; userEntityRef: string }>,
) {
  return {
    name: credentials.principal.userEntityRef,
    email: 'arlon@backstage.invalid',
  };
}
