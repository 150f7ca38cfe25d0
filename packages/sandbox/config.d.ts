export interface Config {
  arlon?: {
    /** The embedded sandbox management cluster, for development and tests only. */
    sandbox?: {
      /** Start the sandbox with the backend. Never enable it in production. */
      enabled?: boolean;
      /** Port of the sandbox Kubernetes API server on 127.0.0.1. */
      apiServerPort?: number;
      /** Port of the sandbox fleet Git server on 127.0.0.1. */
      gitPort?: number;
      /** Bearer token the sandbox API server accepts (a development value, not a secret). */
      token?: string;
      /** Time a CAPI Cluster takes from Pending to Provisioned, in milliseconds (default 3000). */
      provisioningDelayMs?: number;
      /** Apply the seed's bootstrap Application at start, so the example clusters get built. */
      bootstrap?: boolean;
      /** Folder whose files seed the sandbox fleet repository, relative to the backend's working directory. */
      fleetSeedDir?: string;
    };
  };
}
