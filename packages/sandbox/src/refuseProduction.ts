/**
 * Refused when the sandbox is asked to start in production.
 *
 * @public
 */
export class SandboxInProductionError extends Error {
  constructor() {
    super(
      'The Arlon sandbox refuses to start under NODE_ENV=production: it is a development and test stand-in with a fixed, public token and no real cluster behind it. ' +
        'Remove arlon.sandbox (or set arlon.sandbox.enabled: false) in the production config, point arlon.managementClusters and arlon.fleetRepo at real ones, ' +
        'and leave @arlon-backstage/arlon-sandbox out of the production backend.',
    );
    this.name = 'SandboxInProductionError';
  }
}

/**
 * Throws when `env` says production. Every way of starting the sandbox (the
 * backend module, `yarn sandbox`, `Sandbox.start`) goes through here first,
 * so a production backend that still registers it fails at start-up instead
 * of serving a management cluster anyone with the fixed token could drive.
 *
 * @public
 */
export function refuseProduction(env: NodeJS.ProcessEnv = process.env): void {
  if (env.NODE_ENV === 'production') throw new SandboxInProductionError();
}
