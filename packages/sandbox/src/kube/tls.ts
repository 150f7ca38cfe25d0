import { generateKeyPairSync } from 'node:crypto';
import selfsigned from 'selfsigned';

export interface SandboxTls {
  key: string;
  cert: string;
  /** The certificate, base64 PEM: what a kubeconfig's `certificate-authority-data` holds. */
  caData: string;
}

let cached: SandboxTls | undefined;

/**
 * A self-signed certificate for 127.0.0.1 and localhost, made once per
 * process and shared by every sandbox API server. Real API servers speak TLS,
 * and kubectl will not send a bearer token over plain HTTP.
 */
export function sandboxTls(): SandboxTls {
  if (cached) return cached;
  // Node makes the key natively (fast); selfsigned only signs.
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const pems = selfsigned.generate(
    [{ name: 'commonName', value: 'arlon-sandbox' }],
    {
      days: 3650,
      algorithm: 'sha256',
      keyPair: { privateKey, publicKey },
      extensions: [
        { name: 'basicConstraints', cA: true },
        {
          name: 'keyUsage',
          digitalSignature: true,
          keyEncipherment: true,
          keyCertSign: true,
        },
        { name: 'extKeyUsage', serverAuth: true },
        {
          name: 'subjectAltName',
          altNames: [
            { type: 7, ip: '127.0.0.1' },
            { type: 2, value: 'localhost' },
          ],
        },
      ],
    } as any,
  );
  cached = {
    key: pems.private,
    cert: pems.cert,
    caData: Buffer.from(pems.cert).toString('base64'),
  };
  return cached;
}
