export interface Config {
  arlon?: {
    /** The portal's permission policy (packages/backend/src/permissionPolicy.ts, docs/permissions.md). */
    permissions?: {
      /**
       * Users and groups (entity refs; a bare name is a group) who may do
       * everything in Arlon. Others read, and update their own clusters.
       */
      admins?: string[];
    };
  };
}
