import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ObjectStore } from '../ObjectStore';
import {
  ADMIN_USER,
  ServiceAccountRef,
  serviceAccountUser,
  UserInfo,
} from './userInfo';

/** The audience kube-apiserver puts in tokens when a TokenRequest names none (kubeadm's and kind's default). */
export const DEFAULT_AUDIENCE = 'https://kubernetes.default.svc.cluster.local';

const b64 = (text: string) => Buffer.from(text).toString('base64url');

/** Claims of a TokenRequest token, as upstream's (pkg/serviceaccount/claims.go) name them. */
interface Claims {
  iss: string;
  sub: string;
  aud: string[];
  exp: number;
  iat: number;
  nbf: number;
  'kubernetes.io': {
    namespace: string;
    serviceaccount: { name: string; uid: string };
  };
}

/**
 * The bearer tokens one sandbox API server accepts and whom each is: its
 * admin token (system:masters), the tokens its TokenController put in
 * service-account-token Secrets (until the Secret or the account goes), and
 * TokenRequest tokens (JWTs signed with a key of this server, until they
 * expire or the account they name is deleted or recreated).
 */
export class TokenAuthenticator {
  /** Secret-based tokens: the TokenController adds and removes them. */
  readonly secretTokens = new Map<string, ServiceAccountRef>();
  private readonly key = randomBytes(32);

  constructor(
    private readonly adminToken: string,
    private readonly store: ObjectStore,
  ) {}

  /** The user a bearer token stands for; undefined when the token is not one this server accepts. */
  authenticate(token: string | undefined): UserInfo | undefined {
    if (token === undefined || token === '') return undefined;
    if (token === this.adminToken) return ADMIN_USER;
    const account = this.secretTokens.get(token) ?? this.verify(token);
    if (!account) return undefined;
    const live = this.serviceAccount(account);
    if (!live || (account.uid && live.metadata.uid !== account.uid))
      return undefined;
    return serviceAccountUser({ ...account, uid: live.metadata.uid });
  }

  /** A signed token for `account`, valid `seconds` from now (TokenRequest). */
  mint(
    account: Required<ServiceAccountRef>,
    audiences: string[],
    seconds: number,
    now = new Date(),
  ): { token: string; expires: Date } {
    const iat = Math.floor(now.getTime() / 1000);
    const claims: Claims = {
      iss: DEFAULT_AUDIENCE,
      sub: `system:serviceaccount:${account.namespace}:${account.name}`,
      aud: audiences,
      exp: iat + seconds,
      iat,
      nbf: iat,
      'kubernetes.io': {
        namespace: account.namespace,
        serviceaccount: { name: account.name, uid: account.uid },
      },
    };
    const head = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const body = b64(JSON.stringify(claims));
    return {
      token: `${head}.${body}.${this.sign(`${head}.${body}`)}`,
      expires: new Date((iat + seconds) * 1000),
    };
  }

  /** The account of a JWT this server signed, unexpired and meant for the API server; else undefined. */
  private verify(token: string): ServiceAccountRef | undefined {
    const [head, body, signature, extra] = token.split('.');
    if (!head || !body || !signature || extra !== undefined) return undefined;
    const expected = Buffer.from(this.sign(`${head}.${body}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return undefined;
    let claims: Claims;
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    if (claims.exp * 1000 <= Date.now()) return undefined;
    if (!claims.aud?.includes(DEFAULT_AUDIENCE)) return undefined;
    const k = claims['kubernetes.io'];
    return {
      namespace: k.namespace,
      name: k.serviceaccount.name,
      uid: k.serviceaccount.uid,
    };
  }

  private serviceAccount(account: ServiceAccountRef): any {
    try {
      return this.store.get(
        this.store.type('', 'serviceaccounts')!,
        account.namespace,
        account.name,
      );
    } catch {
      return undefined;
    }
  }

  private sign(data: string): string {
    return createHmac('sha256', this.key).update(data).digest('base64url');
  }
}
