import { LoggerService } from '@backstage/backend-plugin-api';
import { workloadFailure } from '../workloadFailure';
import type { V1Secret } from '@kubernetes/client-node';
import {
  ArgoCdClusterSecrets,
  ARLON_CLUSTER_LABEL,
  argocdClusterLabels,
  beginDeletion,
  createArgoCdAccess,
  DEFAULT_BUNDLE_REMOVAL_TIMEOUT_MS,
  CustomObject,
  ManagementCluster,
  revokeArgoCdAccess,
  createViewerAccess,
  deleteViewerSecret,
  putViewerSecret,
  readViewerSecret,
  revokeViewerAccess,
} from '@arlon-backstage/plugin-arlon-node';
import { DELETING_ANNOTATION } from '@arlon-backstage/plugin-arlon-common';
import { profileLabelPatch } from './profileLabelPatch';

export interface RegistrationControllerOptions {
  cluster: ManagementCluster;
  logger: LoggerService;
  /**
   * Labels the cluster's ArgoCD Secret should carry beyond the fixed ones:
   * its profiles; `null` when the cluster is held at last known good (a
   * definition it rests on is broken): its profile labels stay as they are.
   */
  profileLabels(clusterName: string): Promise<Record<string, string> | null>;
  /**
   * Whether this management cluster builds the cluster by its definition
   * (`spec.managementCluster`); a new registration waits while it does not.
   * Absent: every cluster is this one's.
   */
  buildsHere?(clusterName: string): Promise<boolean>;
  /** Reconciles running at once. */
  concurrency?: number;
  /** How long a going cluster's Secret waits for its bundle Applications (default 10 minutes). */
  bundleRemovalTimeoutMs?: number;
}

/**
 * Registers clusters built by CAPI into ArgoCD, watch-driven: once a Cluster
 * is Provisioned and its kubeconfig Secret exists, it creates ArgoCD's
 * service account in the workload cluster and writes the ArgoCD cluster
 * Secret with that token and the cluster's profile labels; keeps the labels in
 * step; when the Cluster is deleted, revokes ArgoCD's access in the workload
 * cluster (while its CAPI kubeconfig still works) and removes the Secret.
 * CAPI kubeconfigs are read as data (parseKubeconfig): one with an exec entry,
 * a file path or a denied server address is refused and reported, never run.
 */
export class RegistrationController {
  /** Clusters to reconcile, oldest first (a Set keeps first-insertion order: FIFO). */
  private readonly queue = new Set<string>();
  /**
   * Clusters registered in ArgoCD whose portal viewer credentials are still
   * to make: served only while `queue` is empty. Under a burst a cluster
   * then waits for the registrations before it, not for their viewers too
   * (about half the workload requests), and ArgoCD can deploy to every
   * cluster sooner; the viewer credentials follow once the burst is through.
   */
  private readonly viewerQueue = new Set<string>();
  private readonly running = new Set<string>();
  private readonly dirty = new Set<string>();
  private active = 0;
  private readonly failures = new Map<string, number>();
  private readonly retries = new Set<NodeJS.Timeout>();
  /** Reconciles under way, which `stop` waits for. */
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = true;
  private readonly secrets: ArgoCdClusterSecrets;
  /** Clusters whose viewer Secret this process has seen or written: looked up once each, not on every reconcile. */
  private readonly viewers = new Set<string>();

  constructor(private readonly options: RegistrationControllerOptions) {
    this.secrets = new ArgoCdClusterSecrets(options.cluster);
  }

  private get informers() {
    return this.options.cluster.informers();
  }

  async start() {
    this.stopped = false;
    const { capiClusters, kubeconfigSecrets } = this.informers;
    const onCluster = (c: CustomObject) =>
      this.enqueue(c.metadata!.namespace!, c.metadata!.name!);
    capiClusters.onChange(onCluster);
    capiClusters.onDelete(onCluster);
    kubeconfigSecrets.onChange(s => {
      const name = s.metadata?.labels?.['cluster.x-k8s.io/cluster-name'];
      if (name) this.enqueue(s.metadata!.namespace!, name);
    });
    await this.informers.start();
    await Promise.all([
      capiClusters.ready,
      kubeconfigSecrets.ready,
      this.informers.argocdClusterSecrets.ready,
    ]);
    this.resync();
  }

  async stop() {
    this.stopped = true;
    this.queue.clear();
    this.viewerQueue.clear();
    this.retries.forEach(clearTimeout);
    this.retries.clear();
    // A replica that lost the registration task is done when this returns:
    // no reconcile of its own still writing beside the new holder's (each
    // request has its deadline, so this ends).
    await Promise.all(this.inFlight);
    await this.informers.stop();
  }

  /**
   * Re-checks every cluster, or `only` those named, e.g. after profiles
   * changed in the fleet repository.
   */
  resync(only?: ReadonlySet<string>) {
    for (const c of this.informers.capiClusters.list())
      if (!only || only.has(c.metadata!.name!))
        this.enqueue(c.metadata!.namespace!, c.metadata!.name!);
    if (only?.size === 0) return;
    void this.syncExternalClusters(only).catch(error =>
      this.options.logger.warn(
        `Updating labels of imported clusters failed: ${error.message}`,
      ),
    );
  }

  /** Imported clusters have no CAPI Cluster to wake a reconcile: keep their profile labels in step here. */
  private async syncExternalClusters(only?: ReadonlySet<string>) {
    for (const secret of this.informers.argocdClusterSecrets.list()) {
      const name = secret.metadata?.labels?.[ARLON_CLUSTER_LABEL];
      if (!name || secret.metadata?.annotations?.['arlon.io/capi-cluster'])
        continue;
      if (only && !only.has(name)) continue;
      const profiles = await this.options.profileLabels(name);
      await this.syncLabels(
        secret,
        argocdClusterLabels(name, profiles ?? {}),
        profiles === null,
      );
    }
  }

  private enqueue(namespace: string, name: string) {
    const key = `${namespace}/${name}`;
    // A full reconcile makes the viewer credentials too.
    this.viewerQueue.delete(key);
    if (this.running.has(key)) this.dirty.add(key);
    else this.queue.add(key);
    this.pump();
  }

  /** The next cluster to reconcile: registrations first, in the order they came; then viewer credentials. */
  private next(): { key: string; viewerOnly: boolean } | undefined {
    for (const waiting of [this.queue, this.viewerQueue])
      for (const key of waiting)
        if (!this.running.has(key)) {
          waiting.delete(key);
          return { key, viewerOnly: waiting === this.viewerQueue };
        }
    return undefined;
  }

  private pump() {
    const limit = this.options.concurrency ?? 16;
    while (!this.stopped && this.active < limit) {
      const next = this.next();
      if (!next) return;
      const { key, viewerOnly } = next;
      this.running.add(key);
      this.active++;
      const [namespace, name] = key.split('/');
      const work: Promise<void> = (
        viewerOnly
          ? this.reconcileViewer(namespace, name)
          : this.reconcile(namespace, name)
      )
        .then(() => {
          this.failures.delete(key);
        })
        .catch(error => {
          // Given up by stop: no retry to announce or schedule.
          if (this.stopped) return;
          // Retry with backoff: a failure produces no watch event to wake us.
          const failures = (this.failures.get(key) ?? 0) + 1;
          this.failures.set(key, failures);
          const delay = Math.min(250 * 2 ** (failures - 1), 10_000);
          this.options.logger.warn(
            `Registration of cluster ${key} failed (attempt ${failures}), retrying in ${delay} ms: ${workloadFailure(
              error,
            )}`,
          );
          const timer = setTimeout(() => {
            this.retries.delete(timer);
            this.enqueue(namespace, name);
          }, delay);
          this.retries.add(timer);
        })
        .finally(() => {
          this.inFlight.delete(work);
          this.active--;
          this.running.delete(key);
          if (this.dirty.delete(key)) this.queue.add(key);
          this.pump();
        });
      this.inFlight.add(work);
    }
  }

  private async reconcile(namespace: string, name: string) {
    const { capiClusters, kubeconfigSecrets, argocdClusterSecrets } =
      this.informers;
    const argocdNs = this.options.cluster.argocdNamespace;
    const secretName = ArgoCdClusterSecrets.nameOf(name);
    const existing = argocdClusterSecrets.get(secretName, argocdNs);
    const capi = capiClusters.get(name, namespace);

    if (!capi || capi.metadata?.deletionTimestamp) {
      if (existing?.metadata?.labels?.[ARLON_CLUSTER_LABEL] === name) {
        // Bundles first, even when the definition was deleted by hand: the
        // Secret (ArgoCD's way to the cluster) stays until they are pruned.
        if (await this.bundlesRemain(namespace, name, existing, !capi)) return;
        await this.revoke(namespace, name);
        await this.secrets.delete(secretName);
        await deleteViewerSecret(this.options.cluster, name);
        this.viewers.delete(name);
        this.options.logger.info(`Unregistered cluster ${name} from ArgoCD`);
      }
      return;
    }
    if (capi.status?.phase !== 'Provisioned') return;
    const kubeconfig = kubeconfigSecrets.get(`${name}-kubeconfig`, namespace);
    if (!kubeconfig?.data?.value) return;

    // Held (null): a new Secret starts with no profile labels, an existing one keeps its own.
    const profiles = await this.options.profileLabels(name);
    const labels = argocdClusterLabels(name, profiles ?? {});
    const kubeconfigYaml = Buffer.from(
      kubeconfig.data.value,
      'base64',
    ).toString('utf8');
    if (existing) {
      await this.syncLabels(existing, labels, profiles === null);
      // Clusters registered before viewer credentials existed get theirs now.
      await this.ensureViewer(name, kubeconfigYaml);
      return;
    }
    // Another management cluster's cluster (a definition placed elsewhere)
    // gets no ArgoCD access from this one.
    if (this.options.buildsHere && !(await this.options.buildsHere(name)))
      return;
    const access = await createArgoCdAccess(
      kubeconfigYaml,
      this.options.cluster.workloadAccess,
    );
    // Another replica may have registered it meanwhile: its Secret stands.
    const created = await this.secrets.create(name, access, labels, {
      'arlon.io/capi-cluster': `${namespace}/${name}`,
    });
    if (created)
      this.options.logger.info(`Registered cluster ${name} in ArgoCD`);
    // Its viewer credentials once no registration is waiting (viewerQueue):
    // that reconcile finds this Secret, and a failure there retries as any.
    if (!this.viewers.has(name)) this.viewerQueue.add(`${namespace}/${name}`);
  }

  /**
   * The viewer credentials of a cluster just registered (viewerQueue), and
   * nothing else: the informer may not have seen its new ArgoCD Secret yet,
   * and a full reconcile would then make ArgoCD's account in the workload
   * cluster a second time. Anything else about the cluster that changed
   * meanwhile has its own event, and a full reconcile.
   */
  private async reconcileViewer(namespace: string, name: string) {
    const capi = this.informers.capiClusters.get(name, namespace);
    if (!capi || capi.metadata?.deletionTimestamp) return;
    const kubeconfig = this.informers.kubeconfigSecrets.get(
      `${name}-kubeconfig`,
      namespace,
    );
    if (!kubeconfig?.data?.value) return;
    await this.ensureViewer(
      name,
      Buffer.from(kubeconfig.data.value, 'base64').toString('utf8'),
    );
  }

  /**
   * The portal's read-only credentials for the cluster (for the Kubernetes
   * plugin, never ArgoCD's token): its viewer account is made with CAPI's
   * kubeconfig and its token stored in a Secret ArgoCD does not select. A
   * failure retries the reconcile; ArgoCD's registration stands meanwhile.
   */
  private async ensureViewer(name: string, kubeconfigYaml: string) {
    if (this.viewers.has(name)) return;
    if (!(await readViewerSecret(this.options.cluster, name))) {
      const viewer = await createViewerAccess(
        kubeconfigYaml,
        this.options.cluster.workloadAccess,
      );
      await putViewerSecret(this.options.cluster, name, viewer);
      this.options.logger.info(
        `Stored read-only viewer credentials for cluster ${name}`,
      );
    }
    this.viewers.add(name);
  }

  /**
   * Whether the Secret of a cluster whose CAPI Cluster is going must wait for
   * its bundle Applications: it is marked as deleting (its profile labels
   * come off, and stay off) and this answers true, looking again shortly,
   * while any remains. It stops waiting once the CAPI Cluster is gone (the
   * cluster cannot answer ArgoCD any more) or after the bundle removal
   * timeout, with a warning.
   */
  private async bundlesRemain(
    namespace: string,
    name: string,
    secret: V1Secret,
    capiGone: boolean,
  ): Promise<boolean> {
    const since = secret.metadata?.annotations?.[DELETING_ANNOTATION];
    if (!since)
      await beginDeletion({ management: this.options.cluster, secret });
    const left = this.informers.applications
      .list()
      .filter(
        a =>
          a.metadata?.labels?.['arlon.io/kind'] === 'bundle' &&
          a.metadata?.labels?.[ARLON_CLUSTER_LABEL] === name,
      )
      .map(a => a.metadata!.name!);
    if (left.length === 0) return false;
    const timeoutMs =
      this.options.bundleRemovalTimeoutMs ?? DEFAULT_BUNDLE_REMOVAL_TIMEOUT_MS;
    const waited = since ? Date.now() - Date.parse(since) : 0;
    if (capiGone || waited > timeoutMs) {
      this.options.logger.warn(
        `Unregistering cluster ${name} with bundle Applications ${left.join(
          ', ',
        )} still present (${
          capiGone
            ? 'its Cluster API Cluster is gone'
            : 'bundle removal timed out'
        }): what they deployed may be left in the cloud`,
      );
      return false;
    }
    this.retryLater(namespace, name, 1000);
    return true;
  }

  private retryLater(namespace: string, name: string, delayMs: number) {
    const timer = setTimeout(() => {
      this.retries.delete(timer);
      this.enqueue(namespace, name);
    }, delayMs);
    this.retries.add(timer);
  }

  /**
   * Best effort: a cluster being torn down may no longer answer, and its
   * credentials then go with it. The ArgoCD Secret is removed either way.
   */
  private async revoke(namespace: string, name: string) {
    const kubeconfig = this.informers.kubeconfigSecrets.get(
      `${name}-kubeconfig`,
      namespace,
    );
    if (!kubeconfig?.data?.value) return;
    try {
      const yaml = Buffer.from(kubeconfig.data.value, 'base64').toString(
        'utf8',
      );
      const deleted = [
        ...(await revokeViewerAccess(
          yaml,
          this.options.cluster.workloadAccess,
        )),
        ...(await revokeArgoCdAccess(
          yaml,
          this.options.cluster.workloadAccess,
        )),
      ];
      if (deleted.length)
        this.options.logger.info(
          `Revoked ArgoCD's and the portal viewer's access to cluster ${name}: deleted ${deleted.join(
            ', ',
          )}`,
        );
    } catch (error) {
      this.options.logger.warn(
        `Could not revoke ArgoCD's access to cluster ${name} (its service accounts kube-system/argocd-manager and kube-system/arlon-portal-viewer may remain if the cluster outlives its Cluster object): ${workloadFailure(
          error,
        )}`,
      );
    }
  }

  /** Brings the Secret's profile labels in line (profileLabelPatch). */
  private async syncLabels(
    secret: V1Secret,
    desired: Record<string, string>,
    held = false,
  ) {
    const patch = profileLabelPatch(secret.metadata?.labels ?? {}, desired, {
      held,
      deleting: !!secret.metadata?.annotations?.[DELETING_ANNOTATION],
    });
    if (patch)
      await this.secrets.patch(secret.metadata!.name!, { labels: patch });
  }
}
