import {
  ApiException,
  HttpMethod,
  KubeConfig,
  KubernetesObject,
  KubernetesObjectApi,
  PatchStrategy,
} from '@kubernetes/client-node';
import type { KubeObject } from '@arlon-backstage/plugin-arlon-common';
import { reuseConnections } from './reuseConnections';
import { requestJson } from './jsonRequest';
import {
  limitRequestTime,
  requestTimeoutOf,
} from '../connection/requestTimeout';
import { DEFAULT_LIMITS } from '../config/readArlonLimits';

/** The field manager ArgoCD's server-side diff uses, so a dry run predicts what ArgoCD would do. */
export const ARGOCD_FIELD_MANAGER = 'argocd-controller';

/** `group/version` + kind + namespace + name: enough to find an object. */
export type ObjectRef = Pick<KubeObject, 'apiVersion' | 'kind'> & {
  metadata: { name: string; namespace?: string };
};

/** Exposes the client's discovery and request configuration, which it keeps protected. */
class DiscoveringObjectApi extends KubernetesObjectApi {
  served(apiVersion: string, kind: string) {
    return this.resource(apiVersion, kind);
  }

  /** The resource path of `spec` (of its kind, for a list), from discovery, as client-node builds it. */
  pathOf(spec: KubernetesObject, action: 'patch' | 'list') {
    return this.specUriPath(spec, action);
  }

  /** The server, authentication and hooks every request of this client goes through. */
  get requestConfiguration() {
    return this.configuration;
  }
}

/**
 * A cluster's live objects, read through its API server: discovery to know
 * which kinds it serves and whether they are namespaced, reads batched as one
 * list per kind and namespace (not one request per object: fleets have
 * thousands), and server-side dry-run applies.
 */
export class LiveCluster {
  private readonly api: DiscoveringObjectApi;
  private readonly scopes = new Map<
    string,
    Promise<'namespaced' | 'cluster' | undefined>
  >();

  /** `kubeConfig` holds credentials: never serialise or log it. */
  constructor(
    readonly name: string,
    kubeConfig: KubeConfig,
    /** Deadline of each request (arlon.limits.kubernetesTimeoutSeconds); one `kubeConfig` already has wins. */
    requestTimeoutMs?: number,
  ) {
    const limited = limitRequestTime(
      kubeConfig,
      requestTimeoutMs ??
        requestTimeoutOf(kubeConfig) ??
        DEFAULT_LIMITS.kubernetesTimeoutMs,
    );
    this.api = reuseConnections(limited).makeApiClient(DiscoveringObjectApi);
  }

  /** Whether the cluster serves a kind, and at which scope; `undefined` when it does not serve it. */
  scope(
    apiVersion: string,
    kind: string,
  ): Promise<'namespaced' | 'cluster' | undefined> {
    const key = `${apiVersion}/${kind}`;
    let scope = this.scopes.get(key);
    if (!scope) {
      scope = this.api.served(apiVersion, kind).then(
        r => {
          if (!r) return undefined;
          return r.namespaced ? 'namespaced' : 'cluster';
        },
        error => {
          if (error instanceof ApiException && error.code === 404)
            return undefined;
          throw error;
        },
      );
      this.scopes.set(key, scope);
    }
    return scope;
  }

  /**
   * The live counterparts of `refs` that exist, and the kinds the cluster
   * does not serve. `refs` must carry their namespace (see renderBundle).
   */
  async read(
    refs: ObjectRef[],
  ): Promise<{ live: KubeObject[]; unserved: string[] }> {
    const groups = new Map<string, { ref: ObjectRef; names: Set<string> }>();
    for (const ref of refs) {
      const key = `${ref.apiVersion}|${ref.kind}|${
        ref.metadata.namespace ?? ''
      }`;
      const group = groups.get(key) ?? { ref, names: new Set() };
      group.names.add(ref.metadata.name);
      groups.set(key, group);
    }
    const live: KubeObject[] = [];
    const unserved = new Set<string>();
    await Promise.all(
      [...groups.values()].map(async ({ ref, names }) => {
        const scope = await this.scope(ref.apiVersion, ref.kind);
        if (!scope) {
          unserved.add(`${ref.apiVersion} ${ref.kind}`);
          return;
        }
        const items = await this.list(
          ref.apiVersion,
          ref.kind,
          scope === 'namespaced' ? ref.metadata.namespace : undefined,
        );
        live.push(...items.filter(o => names.has(o.metadata.name)));
      }),
    );
    return { live, unserved: [...unserved].sort() };
  }

  /** Objects of the same kind and name as `refs`, in whichever namespace they are. */
  async findAnywhere(refs: ObjectRef[]): Promise<KubeObject[]> {
    const kinds = new Map<string, { ref: ObjectRef; names: Set<string> }>();
    for (const ref of refs) {
      const key = `${ref.apiVersion}|${ref.kind}`;
      const group = kinds.get(key) ?? { ref, names: new Set() };
      group.names.add(ref.metadata.name);
      kinds.set(key, group);
    }
    const found = await Promise.all(
      [...kinds.values()].map(async ({ ref, names }) => {
        if (!(await this.scope(ref.apiVersion, ref.kind))) return [];
        const items = await this.list(ref.apiVersion, ref.kind);
        return items.filter(o => names.has(o.metadata.name));
      }),
    );
    return found.flat();
  }

  /**
   * What the API server would make of applying `object` (server-side apply,
   * dry run, ArgoCD's field manager). The object goes as it is and the
   * answer comes back as the server wrote it (requestJson), as the lists do.
   */
  async dryRunApply(object: KubeObject): Promise<KubeObject> {
    const result = (await requestJson(this.api.requestConfiguration, {
      method: HttpMethod.PATCH,
      path: await this.api.pathOf(object as KubernetesObject, 'patch'),
      query: {
        dryRun: 'All',
        fieldManager: ARGOCD_FIELD_MANAGER,
        force: 'true',
      },
      contentType: PatchStrategy.ServerSideApply,
      body: JSON.stringify(object),
    })) as KubeObject;
    return withType(result, object.apiVersion, object.kind);
  }

  private async list(
    apiVersion: string,
    kind: string,
    namespace?: string,
  ): Promise<KubeObject[]> {
    const items: KubeObject[] = [];
    let continueToken: string | undefined;
    // Read as the server wrote them (requestJson), as the dry runs are: the
    // two sides of an exact comparison must be decoded alike.
    const path = await this.api.pathOf(
      { apiVersion, kind, metadata: { namespace } },
      'list',
    );
    do {
      const page = (await requestJson(this.api.requestConfiguration, {
        method: HttpMethod.GET,
        path,
        query: {
          limit: '500',
          ...(continueToken ? { continue: continueToken } : {}),
        },
      })) as { items?: unknown; metadata?: { continue?: unknown } };
      if (!Array.isArray(page?.items))
        throw new Error(
          `the API server's list of ${apiVersion} ${kind} has no items`,
        );
      // Items of a list carry no apiVersion or kind of their own.
      items.push(
        ...page.items.map(o => withType(o as KubeObject, apiVersion, kind)),
      );
      const next = page.metadata?.continue;
      continueToken = typeof next === 'string' && next ? next : undefined;
    } while (continueToken);
    return items;
  }
}

function withType(o: KubeObject, apiVersion: string, kind: string) {
  return { ...o, apiVersion, kind };
}
