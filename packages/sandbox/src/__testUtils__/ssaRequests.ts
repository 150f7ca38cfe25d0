import type { KubeApiServer } from '../kube/KubeApiServer';
import { httpsRequest } from './httpsRequest';

export const TOKEN = 'ssa-test-token';

/** A raw request with any content type, for apply patches (tests only). */
export async function send(
  server: KubeApiServer,
  method: string,
  path: string,
  body?: string,
  contentType = 'application/json',
): Promise<{ status: number; body: any }> {
  const res = await httpsRequest(`${server.url}${path}`, TOKEN, {
    method,
    text: body,
    contentType,
  });
  return { status: res.status, body: res.text ? res.json() : undefined };
}

export const APPLY = 'application/apply-patch+yaml';
export const CM = '/api/v1/namespaces/default/configmaps';
export const DEPLOYMENTS = '/apis/apps/v1/namespaces/default/deployments';

/** A Deployment `web` as an apply configuration (JSON is YAML), with `spec` fields merged in. */
export const webDeployment = (
  spec: Record<string, unknown> = {},
  container: Record<string, unknown> = {},
) =>
  JSON.stringify({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: {
          containers: [{ name: 'web', image: 'nginx:1.27', ...container }],
        },
      },
      ...spec,
    },
  });
