import https from 'node:https';
import { sandboxTls } from '../kube/tls';

/**
 * A raw HTTPS request to a sandbox server, trusting its certificate: for
 * tests of the wire format. `body` is sent as JSON; `text` as written, with
 * `contentType` (an apply patch, a body that is not valid JSON).
 */
export function httpsRequest(
  url: string,
  token?: string,
  options: {
    method?: string;
    body?: unknown;
    text?: string;
    contentType?: string;
  } = {},
): Promise<{
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
  json(): any;
}> {
  const payload =
    options.text ?? (options.body ? JSON.stringify(options.body) : undefined);
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method: options.method ?? 'GET',
        ca: sandboxTls().cert,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload !== undefined
            ? { 'content-type': options.contentType ?? 'application/json' }
            : {}),
        },
      },
      res => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', c => (text += c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text,
            headers: res.headers,
            json: () => JSON.parse(text),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
