import { InputError, NotFoundError } from '@backstage/errors';
import { ApiException } from '@kubernetes/client-node';
import { UnusableClusterSecretError } from '@arlon-backstage/plugin-arlon-node';
import { workloadFailure } from './workloadFailure';

/**
 * What a user or the log learns about a failed workload cluster: the HTTP
 * status, the socket's error code and our own refusals, never the words of
 * the server (client-node puts the response body in its message) or of the
 * socket (fetch puts the URL and address in its message).
 */
const SECRET_BODY = 'token=s3cr3t from https://10.0.0.7:6443/api';
const socketError = (code: unknown, cause?: unknown) =>
  Object.assign(new Error(`connect ${String(code)} ${SECRET_BODY}`), {
    code,
    cause,
  });

describe('workloadFailure', () => {
  it('an aborted request says it timed out and which setting waits', () => {
    const abort = Object.assign(new Error(SECRET_BODY), { name: 'AbortError' });
    expect(workloadFailure(abort)).toBe(
      'it did not answer in time, and the request was aborted. Check that it is up and reachable from the Backstage backend; arlon.limits.kubernetesTimeoutSeconds sets how long to wait.',
    );
    expect(workloadFailure({ type: 'aborted', message: SECRET_BODY })).toMatch(
      /^it did not answer in time/,
    );
  });

  it('our own field-named refusals are shown as they are', () => {
    for (const error of [
      new InputError('kubeconfig users[0].user.exec: runs a command'),
      new NotFoundError('no kubeconfig Secret for c'),
      new UnusableClusterSecretError('ArgoCD cluster Secret x has no server'),
    ])
      expect(workloadFailure(error)).toBe(error.message);
  });

  it("a server address the portal refuses, also wrapped in fetch's error", () => {
    const refused = socketError('EARLONREFUSED');
    const expected =
      "its API server's address (or where it redirected) is one the portal does not connect to (arlon.security).";
    expect(workloadFailure(refused)).toBe(expected);
    expect(
      workloadFailure(
        socketError(undefined, socketError('ECONNRESET', refused)),
      ),
    ).toBe(expected);
  });

  it('401 and 403 say the credentials were refused, never the body', () => {
    for (const code of [401, 403]) {
      const error = new ApiException(code, SECRET_BODY, SECRET_BODY, {});
      expect(workloadFailure(error)).toBe(
        `its API server refused the credentials (HTTP ${code}): check the cluster's ArgoCD Secret or CAPI kubeconfig.`,
      );
    }
  });

  it('any other HTTP status is named, and only it', () => {
    for (const code of [300, 404, 500, 599])
      expect(workloadFailure(socketError(code))).toBe(
        `its API server answered HTTP ${code}.`,
      );
  });

  it('numbers that are no HTTP status are not reported as one', () => {
    for (const code of [299, 600, 0])
      expect(workloadFailure(socketError(code))).toMatch(
        /^its API server could not be reached or did not answer as a Kubernetes API server/,
      );
  });

  it('a TLS code says to check the CA', () => {
    for (const code of [
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'ERR_TLS_CERT_ALTNAME_INVALID',
      'ERR_SSL_WRONG_VERSION_NUMBER',
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE_CERT',
    ])
      expect(workloadFailure(socketError(code))).toBe(
        `its API server's TLS certificate was not accepted (${code}): check the CA data of its ArgoCD Secret or CAPI kubeconfig.`,
      );
  });

  it('a socket code is named, the first along the cause chain', () => {
    expect(
      workloadFailure(
        socketError(
          undefined,
          socketError('ECONNREFUSED', socketError('EPIPE')),
        ),
      ),
    ).toBe(
      'its API server could not be reached (ECONNREFUSED). Check that it is up and reachable from the Backstage backend.',
    );
  });

  it('a code that is not an error code (it could carry words) is not repeated', () => {
    expect(workloadFailure(socketError('connect to 10.0.0.7 failed'))).toBe(
      'its API server could not be reached or did not answer as a Kubernetes API server. Check that it is up and reachable from the Backstage backend.',
    );
    expect(workloadFailure(socketError('econnrefused'))).not.toContain(
      'econnrefused',
    );
    // Upper-case letters with words before or after them are not a code either.
    for (const code of ['token s3cr3t ECONNREFUSED', 'ECONNREFUSED at 10.0.0.7'])
      expect(workloadFailure(socketError(code))).not.toMatch(/ECONNREFUSED/);
  });

  it('looks at most five errors deep, so a cyclic cause cannot hang it', () => {
    const cyclic: any = socketError(undefined);
    cyclic.cause = cyclic;
    expect(workloadFailure(cyclic)).toMatch(
      /^its API server could not be reached or/,
    );
    let deep: any = socketError('ECONNREFUSED');
    for (let i = 0; i < 5; i++) deep = socketError(undefined, deep);
    expect(workloadFailure(deep)).toMatch(
      /^its API server could not be reached or/,
    );
    let four: any = socketError('ECONNREFUSED');
    for (let i = 0; i < 4; i++) four = socketError(undefined, four);
    expect(workloadFailure(four)).toContain('(ECONNREFUSED)');
  });

  it('never repeats what the server or socket said', () => {
    for (const error of [
      socketError('ECONNREFUSED'),
      socketError(502),
      new ApiException(500, SECRET_BODY, SECRET_BODY, {}),
      new Error(SECRET_BODY),
      undefined,
      SECRET_BODY,
    ])
      expect(workloadFailure(error)).not.toMatch(/s3cr3t|10\.0\.0\.7/);
  });
});
