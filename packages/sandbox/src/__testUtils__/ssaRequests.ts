import https from 'node:https';
import { KubeApiServer } from '../kube/KubeApiServer';
import { sandboxTls } from '../kube/tls';

export const TOKEN = 'ssa-test-token';

/** A raw request with any content type, for apply patches (tests only). */
export function send(
  server: KubeApiServer,
  method: string,
  path: string,
  body?: string,
  contentType = 'application/json',
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      `${server.url}${path}`,
      {
        method,
        ca: sandboxTls().cert,
        headers: {
          authorization: `Bearer ${TOKEN}`,
          ...(body !== undefined ? { 'content-type': contentType } : {}),
        },
      },
      res => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', c => (text += c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text ? JSON.parse(text) : undefined,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
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
