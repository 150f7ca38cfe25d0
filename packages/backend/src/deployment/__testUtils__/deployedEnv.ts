/**
 * What the portal's Deployment gives it as environment variables: portal.env
 * (deploy/portal), the Deployment's own env, and the keys of the Secrets
 * docs/operations.md creates. portalManifests.test.ts holds the Deployment
 * to exactly these names; the values are examples.
 */
export const DEPLOYED_ENV: Record<string, string> = {
  PORTAL_BASE_URL: 'https://arlon.acme.example',
  ARLON_FLEET_REPO_URL: 'https://github.com/acme/fleet.git',
  ARLON_FLEET_REPO_BRANCH: 'main',
  ARLON_ADMIN_GROUP: 'group:default/platform',
  ARLON_DEFAULT_OWNER: 'group:default/platform',
  ARLON_MANAGEMENT_CLUSTER_NAME: 'management',
  ARLON_MANAGEMENT_CLUSTER_URL: 'https://kubernetes.default.svc',
  ARLON_MANAGEMENT_CLUSTER_TOKEN: 'token-from-arlon-portal-token',
  ARLON_CATALOG_ORG_FILE: '/app/org/org.yaml',
  POSTGRES_HOST: 'postgres.arlon.svc',
  POSTGRES_PORT: '5432',
  POSTGRES_USER: 'backstage',
  POSTGRES_PASSWORD: 'from-a-secret',
  AUTH_GITHUB_CLIENT_ID: 'Iv1.0123456789abcdef',
  AUTH_GITHUB_CLIENT_SECRET: 'from-a-secret',
  GITHUB_TOKEN: 'from-a-secret',
};

/** The keys of the two Secrets the Deployment reads (docs/operations.md creates them). */
export const SECRET_KEYS = {
  'arlon-portal-postgres': [
    'POSTGRES_HOST',
    'POSTGRES_PORT',
    'POSTGRES_USER',
    'POSTGRES_PASSWORD',
  ],
  'arlon-portal-auth': [
    'AUTH_GITHUB_CLIENT_ID',
    'AUTH_GITHUB_CLIENT_SECRET',
    'GITHUB_TOKEN',
  ],
};
