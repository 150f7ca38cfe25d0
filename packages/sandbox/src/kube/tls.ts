import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import selfsigned from 'selfsigned';

/** @public */
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
 *
 * @public
 */
export function sandboxTls(): SandboxTls {
  cached ??= ecdsaWithOpenssl() ?? rsaWithSelfsigned();
  return cached;
}

/**
 * An ECDSA P-256 certificate from the machine's openssl: TLS handshakes with
 * it cost a fraction of RSA's, which matters when a hundred clusters register
 * at once. Undefined when openssl is not there.
 */
function ecdsaWithOpenssl(): SandboxTls | undefined {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arlon-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
        '-days',
        '3650',
        '-subj',
        '/CN=arlon-sandbox',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-addext',
        'basicConstraints=critical,CA:TRUE',
        '-addext',
        'keyUsage=critical,digitalSignature,keyCertSign',
        '-addext',
        'extendedKeyUsage=serverAuth',
      ],
      { stdio: 'ignore' },
    );
    const cert = fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8');
    return {
      key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert,
      caData: Buffer.from(cert).toString('base64'),
    };
  } catch {
    return undefined;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function rsaWithSelfsigned(): SandboxTls {
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
