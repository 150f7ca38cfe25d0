import { createHmac } from 'node:crypto';
import { httpsRequest } from '../../__testUtils__/httpsRequest';
import { KubeApiServer } from '../KubeApiServer';

const ADMIN = 'hostile-admin';
const SSAR = '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews';
const TOKEN = '/api/v1/namespaces/team/serviceaccounts/robot/token';

const claims = (name: string) => ({
  iss: 'https://kubernetes.default.svc.cluster.local',
  sub: `system:serviceaccount:team:${name}`,
  aud: ['https://kubernetes.default.svc.cluster.local'],
  exp: Math.floor(Date.now() / 1000) + 3600,
  iat: Math.floor(Date.now() / 1000),
  nbf: Math.floor(Date.now() / 1000),
  'kubernetes.io': {
    namespace: 'team',
    serviceaccount: { name, uid: '00000000-0000-0000-0000-000000000000' },
  },
});

function jwt(head: object, body: object, key: string): string {
  const b64 = (o: object) =>
    Buffer.from(JSON.stringify(o)).toString('base64url');
  const data = `${b64(head)}.${b64(body)}`;
  return `${data}.${createHmac('sha256', key)
    .update(data)
    .digest('base64url')}`;
}

/**
 * Hostile access requests: malformed reviews and token requests, forged
 * and borrowed tokens. Each is refused with the status kube-apiserver
 * gives and a message naming the field, and nothing is stored.
 */
describe('sandbox access control, hostile', () => {
  let server: KubeApiServer;
  let written: string;

  const send = (path: string, body?: unknown, token = ADMIN, text?: string) =>
    httpsRequest(`${server.url}${path}`, token, {
      method: 'POST',
      ...(text !== undefined ? { text } : { body }),
    });
  beforeEach(async () => {
    server = await KubeApiServer.start({ token: ADMIN });
    await send('/api/v1/namespaces', { metadata: { name: 'team' } });
    await send('/api/v1/namespaces/team/serviceaccounts', {
      metadata: { name: 'robot' },
    });
    written = server.store.resourceVersion;
  });
  afterEach(async () => {
    const now = server.store.resourceVersion;
    await server.stop();
    // Nothing a refused request sent was stored (fails the test that stored it).
    if (now !== written)
      throw new Error(
        `a refused request wrote: resourceVersion ${written} -> ${now}`,
      );
  });

  const robotToken = async () =>
    (await send(TOKEN, { spec: {} })).json().status.token as string;
  const refusal = async (res: Promise<{ status: number; json(): any }>) => {
    const answer = await res;
    return { status: answer.status, message: answer.json().message };
  };

  it('refuses a review that is not JSON', async () => {
    expect(await refusal(send(SSAR, undefined, ADMIN, '{"spec":'))).toEqual({
      status: 400,
      message: expect.stringContaining('the request body is not valid JSON'),
    });
  });

  it('refuses a review that is a list', async () => {
    expect(await refusal(send(SSAR, [1]))).toEqual({
      status: 400,
      message: 'the request body must be a SelfSubjectAccessReview object',
    });
  });

  it('refuses a review without spec', async () => {
    expect(
      await refusal(send(SSAR, { kind: 'SelfSubjectAccessReview' })),
    ).toEqual({
      status: 422,
      message:
        'SelfSubjectAccessReview.authorization.k8s.io "" is invalid: spec: Required value',
    });
  });

  it('refuses a review asking about neither a resource nor a path', async () => {
    expect(await refusal(send(SSAR, { spec: {} }))).toEqual({
      status: 422,
      message:
        'SelfSubjectAccessReview.authorization.k8s.io "" is invalid: spec.resourceAttributes: Required value: exactly one of nonResourceAttributes or resourceAttributes must be specified',
    });
  });

  it('refuses a review asking about a resource and a path at once', async () => {
    const res = send(SSAR, {
      spec: {
        resourceAttributes: { verb: 'get', resource: 'pods' },
        nonResourceAttributes: { verb: 'get', path: '/version' },
      },
    });
    expect((await refusal(res)).message).toContain(
      'spec.nonResourceAttributes: Invalid value: "object": cannot be specified in combination with resourceAttributes',
    );
  });

  it('refuses a review whose verb is not a string', async () => {
    const res = send(SSAR, {
      spec: { resourceAttributes: { verb: ['get'], resource: 'pods' } },
    });
    expect(await refusal(res)).toEqual({
      status: 422,
      message:
        'SelfSubjectAccessReview.authorization.k8s.io "" is invalid: spec.resourceAttributes.verb: Invalid value: ["get"]: must be a string',
    });
  });

  it('refuses a token shorter-lived than ten minutes', async () => {
    expect(
      await refusal(send(TOKEN, { spec: { expirationSeconds: 10 } })),
    ).toEqual({
      status: 422,
      message:
        'TokenRequest.authentication.k8s.io "robot" is invalid: spec.expirationSeconds: Invalid value: 10: may not specify a duration less than 10 minutes',
    });
  });

  it('refuses a token living longer than 2^32 seconds', async () => {
    const res = send(TOKEN, { spec: { expirationSeconds: 2 ** 33 } });
    expect((await refusal(res)).message).toContain(
      'spec.expirationSeconds: Too long: may not specify a duration larger than 2^32 seconds',
    );
  });

  it('refuses an expiry that is not a whole number', async () => {
    const res = send(TOKEN, { spec: { expirationSeconds: '3600' } });
    expect(await refusal(res)).toEqual({
      status: 422,
      message: expect.stringContaining(
        'spec.expirationSeconds: Invalid value: "3600": must be a whole number of seconds',
      ),
    });
  });

  it('refuses audiences that are not a list of names', async () => {
    const res = send(TOKEN, { spec: { audiences: 'vault' } });
    expect((await refusal(res)).message).toContain(
      'spec.audiences: Invalid value: must be a list of non-empty strings',
    );
  });

  it('refuses a token request naming another account in its body', async () => {
    const res = send(TOKEN, { metadata: { name: 'admin' }, spec: {} });
    expect(await refusal(res)).toEqual({
      status: 422,
      message:
        'TokenRequest.authentication.k8s.io "robot" is invalid: metadata.name: Invalid value: "admin": must match the service account name if specified',
    });
  });

  it('refuses a token bound to an object', async () => {
    const res = send(TOKEN, {
      spec: { boundObjectRef: { kind: 'Pod', name: 'p' } },
    });
    expect((await refusal(res)).message).toContain('spec.boundObjectRef');
  });

  it('refuses a token for an account that does not exist', async () => {
    const res = send('/api/v1/namespaces/team/serviceaccounts/ghost/token', {
      spec: {},
    });
    expect(await refusal(res)).toEqual({
      status: 404,
      message: 'serviceaccounts "ghost" not found',
    });
  });

  it('refuses a token path that is not valid percent-encoding', async () => {
    const res = send('/api/v1/namespaces/team/serviceaccounts/%E0%A4%A/token', {
      spec: {},
    });
    expect((await refusal(res)).status).toBe(400);
  });

  it("refuses an account's request for another account's token", async () => {
    const token = await robotToken();
    written = server.store.resourceVersion;
    expect(await refusal(send(TOKEN, { spec: {} }, token))).toEqual({
      status: 403,
      message:
        'serviceaccounts "robot" is forbidden: User "system:serviceaccount:team:robot" cannot create resource "serviceaccounts/token" in API group "" in the namespace "team"',
    });
  });

  it('refuses a token another server minted for an account of the same name', async () => {
    const other = await KubeApiServer.start({ token: 'other-admin' });
    try {
      const there = (path: string, body: unknown) =>
        httpsRequest(`${other.url}${path}`, 'other-admin', {
          method: 'POST',
          body,
        });
      await there('/api/v1/namespaces', { metadata: { name: 'team' } });
      await there('/api/v1/namespaces/team/serviceaccounts', {
        metadata: { name: 'robot' },
      });
      const token = (await there(TOKEN, { spec: {} })).json().status.token;
      expect((await httpsRequest(`${other.url}/version`, token)).status).toBe(
        200,
      );
      expect((await httpsRequest(`${server.url}/version`, token)).status).toBe(
        401,
      );
    } finally {
      await other.stop();
    }
  });

  it('refuses a token signed with a guessed key', async () => {
    const forged = jwt(
      { alg: 'HS256', typ: 'JWT' },
      claims('robot'),
      'guessed-key',
    );
    expect((await httpsRequest(`${server.url}/version`, forged)).status).toBe(
      401,
    );
  });

  it('refuses a token whose claims were changed after signing', async () => {
    const [head, , signature] = (await robotToken()).split('.');
    written = server.store.resourceVersion;
    const body = Buffer.from(JSON.stringify(claims('admin'))).toString(
      'base64url',
    );
    const res = await httpsRequest(
      `${server.url}/version`,
      `${head}.${body}.${signature}`,
    );
    expect(res.status).toBe(401);
  });

  it('refuses an unsigned token (alg none)', async () => {
    const head = Buffer.from('{"alg":"none","typ":"JWT"}').toString(
      'base64url',
    );
    const body = Buffer.from(JSON.stringify(claims('robot'))).toString(
      'base64url',
    );
    const res = await httpsRequest(`${server.url}/version`, `${head}.${body}.`);
    expect(res.status).toBe(401);
  });
});
