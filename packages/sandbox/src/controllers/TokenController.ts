import { randomBytes } from 'node:crypto';
import type { ObjectStore, WatchEvent } from '../kube/ObjectStore';
import type { ServiceAccountRef } from '../kube/rbac';

const SA_TOKEN = 'kubernetes.io/service-account-token';
const SA_NAME = 'kubernetes.io/service-account.name';

/**
 * Kubernetes' token controller, for one sandbox API server: a Secret of type
 * `kubernetes.io/service-account-token` gets a token (plus `ca.crt` and
 * `namespace`) that this server then accepts as the service account the
 * Secret's `kubernetes.io/service-account.name` annotation names, until the
 * Secret is deleted. This is how ArgoCD's manager account gets its
 * credentials. A Secret naming no account gets no token (upstream's
 * validation refuses one).
 */
export class TokenController {
  private readonly stopWatch: () => void;

  constructor(
    private readonly store: ObjectStore,
    private readonly tokens: Map<string, ServiceAccountRef>,
    private readonly caData: string,
  ) {
    this.stopWatch = store.watch(
      {
        typeKey: '/secrets',
        labels: [],
        fields: [],
        send: e => this.handle(e),
      },
      undefined,
    );
  }

  stop() {
    this.stopWatch();
  }

  private handle(event: WatchEvent) {
    const secret = event.object;
    if (secret.type !== SA_TOKEN) return;
    const token =
      secret.data?.token &&
      Buffer.from(secret.data.token, 'base64').toString('utf8');
    if (event.type === 'DELETED') {
      if (token) this.tokens.delete(token);
      return;
    }
    if (token) return;
    const account = secret.metadata.annotations?.[SA_NAME];
    if (!account) return;
    const minted = `sa-${randomBytes(24).toString('hex')}`;
    this.tokens.set(minted, {
      namespace: secret.metadata.namespace,
      name: account,
    });
    const secrets = this.store.type('', 'secrets')!;
    this.store.update(
      secrets,
      secret.metadata.namespace,
      secret.metadata.name,
      {
        ...secret,
        metadata: { ...secret.metadata, resourceVersion: undefined },
        data: {
          ...secret.data,
          token: Buffer.from(minted).toString('base64'),
          'ca.crt': this.caData,
          namespace: Buffer.from(secret.metadata.namespace).toString('base64'),
        },
      },
    );
  }
}
