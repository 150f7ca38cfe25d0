import {
  createApiRef,
  DiscoveryApi,
  FetchApi,
} from '@backstage/frontend-plugin-api';
import { ResponseError } from '@backstage/errors';
import type {
  DefinitionWithStatus,
  DiffReport,
  FleetHealth,
  PortalDiffTarget,
  SavedDiffReport,
  SavedDiffReportSummary,
  VerifyResult,
  LastKnownGoodReport,
} from '@arlon-backstage/plugin-arlon-common';

/** The REST API's URL segment of each kind. */
export type KindSegment = 'bundles' | 'profiles' | 'clusterspecs' | 'clusters';

export interface ProfileAssignment {
  profiles: string[];
  clusters?: string[];
  selector?: string;
}

export interface ProfileAssignmentResult {
  clusters: string[];
  commit?: string;
  pullRequest?: { url: string };
  files: Array<{ path: string; action: string }>;
}

export interface CompareRequest {
  left: PortalDiffTarget;
  right: PortalDiffTarget;
  bundle?: string;
  serverSide?: boolean;
}

/** What deleting or unregistering a cluster will remove (the route's dry run). */
export interface ClusterRemovalPreview {
  cluster: string;
  external: boolean;
  bundleApplications: string[];
  clusterObjects: Array<{ kind: string; name: string }>;
  registration?: { managementCluster: string; secret: string };
  files: Array<{ path: string; action: string }>;
}

/** A deletion or unregistration: done (its commit), or still removing bundles (202). */
export interface ClusterRemovalOutcome {
  commit?: string;
  pullRequest?: { url: string };
  /** Present while it goes on in the background: "deleting: removing bundles (2 left)". */
  message?: string;
  left?: string[];
}

/** GET /verify: each management cluster's checks, and what is held at last known good. */
export interface VerifyResponse {
  managementClusters: VerifyResult[];
  /** Definitions held at last known good (absent from older backends). */
  lastKnownGood?: LastKnownGoodReport;
}

/** The browser's view of the `arlon` backend plugin's REST API. Nothing here ever carries a secret. */
export interface ArlonApi {
  getHealth(): Promise<FleetHealth>;
  verify(): Promise<VerifyResponse>;
  list(
    kind: KindSegment,
  ): Promise<{ commit: string; items: DefinitionWithStatus[] }>;
  get(kind: KindSegment, name: string): Promise<DefinitionWithStatus>;
  assignProfiles(
    mode: 'apply' | 'remove',
    request: ProfileAssignment,
    options?: { dryRun?: boolean },
  ): Promise<ProfileAssignmentResult>;
  clusterAction(
    name: string,
    action: 'sync' | 'refresh' | 'update',
  ): Promise<{ applications: string[] }>;
  /** What `removeCluster` would remove; nothing is changed. */
  previewClusterRemoval(
    name: string,
    action: 'delete' | 'unregister',
  ): Promise<ClusterRemovalPreview>;
  /** Deletes a built cluster or unregisters an external one, bundles first. */
  removeCluster(
    name: string,
    action: 'delete' | 'unregister',
  ): Promise<ClusterRemovalOutcome>;
  compare(request: CompareRequest): Promise<DiffReport>;
  listReports(): Promise<SavedDiffReportSummary[]>;
  getReport(id: string): Promise<SavedDiffReport>;
  saveReport(report: DiffReport): Promise<SavedDiffReport>;
  deleteReport(id: string): Promise<void>;
  exportReport(id: string): Promise<{ fileName: string; text: string }>;
  importReport(file: unknown): Promise<SavedDiffReport>;
}

export const arlonApiRef = createApiRef<ArlonApi>().with({
  id: 'plugin.arlon.client',
  pluginId: 'arlon',
});

/** Calls `/api/arlon` with the signed-in user's Backstage token (via fetchApi). */
export class ArlonClient implements ArlonApi {
  constructor(
    private readonly deps: { discoveryApi: DiscoveryApi; fetchApi: FetchApi },
  ) {}

  getHealth() {
    return this.request<FleetHealth>('GET', '/health');
  }

  verify() {
    return this.request<VerifyResponse>('GET', '/verify');
  }

  list(kind: KindSegment) {
    return this.request<{ commit: string; items: DefinitionWithStatus[] }>(
      'GET',
      `/${kind}`,
    );
  }

  get(kind: KindSegment, name: string) {
    return this.request<DefinitionWithStatus>(
      'GET',
      `/${kind}/${encodeURIComponent(name)}`,
    );
  }

  assignProfiles(
    mode: 'apply' | 'remove',
    body: ProfileAssignment,
    options: { dryRun?: boolean } = {},
  ) {
    return this.request<ProfileAssignmentResult>(
      'POST',
      `/profiles/${mode}${options.dryRun ? '?dryRun=true' : ''}`,
      body,
    );
  }

  clusterAction(name: string, action: 'sync' | 'refresh' | 'update') {
    return this.request<{ applications: string[] }>(
      'POST',
      `/clusters/${encodeURIComponent(name)}/${action}`,
    );
  }

  previewClusterRemoval(name: string, action: 'delete' | 'unregister') {
    const path = `/clusters/${encodeURIComponent(name)}`;
    return action === 'delete'
      ? this.request<ClusterRemovalPreview>('DELETE', `${path}?dryRun=true`)
      : this.request<ClusterRemovalPreview>(
          'POST',
          `${path}/unregister?dryRun=true`,
        );
  }

  removeCluster(name: string, action: 'delete' | 'unregister') {
    const path = `/clusters/${encodeURIComponent(name)}`;
    return action === 'delete'
      ? this.request<ClusterRemovalOutcome>('DELETE', path)
      : this.request<ClusterRemovalOutcome>('POST', `${path}/unregister`);
  }

  compare(body: CompareRequest) {
    return this.request<DiffReport>('POST', '/diff', body);
  }

  async listReports() {
    return (
      await this.request<{ items: SavedDiffReportSummary[] }>(
        'GET',
        '/diff/reports',
      )
    ).items;
  }

  getReport(id: string) {
    return this.request<SavedDiffReport>(
      'GET',
      `/diff/reports/${encodeURIComponent(id)}`,
    );
  }

  saveReport(report: DiffReport) {
    return this.request<SavedDiffReport>('POST', '/diff/reports', report);
  }

  async deleteReport(id: string) {
    await this.request<void>(
      'DELETE',
      `/diff/reports/${encodeURIComponent(id)}`,
    );
  }

  async exportReport(id: string) {
    const response = await this.fetch(
      'GET',
      `/diff/reports/${encodeURIComponent(id)}/export`,
    );
    const disposition = response.headers.get('content-disposition') ?? '';
    return {
      fileName:
        /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'diff-report.json',
      text: await response.text(),
    };
  }

  importReport(file: unknown) {
    return this.request<SavedDiffReport>('POST', '/diff/reports/import', file);
  }

  private async request<T>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<T> {
    const response = await this.fetch(method, path, body);
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }

  private async fetch(method: string, path: string, body?: unknown) {
    const baseUrl = await this.deps.discoveryApi.getBaseUrl('arlon');
    const response = await this.deps.fetchApi.fetch(`${baseUrl}${path}`, {
      method,
      ...(body === undefined
        ? {}
        : {
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          }),
    });
    if (!response.ok) throw await ResponseError.fromResponse(response);
    return response;
  }
}
