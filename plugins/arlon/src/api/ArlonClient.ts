import {
  createApiRef,
  DiscoveryApi,
  FetchApi,
} from '@backstage/frontend-plugin-api';
import { ResponseError } from '@backstage/errors';
import type {
  ClusterApplicationsAction,
  ClusterApplicationsResult,
  ClusterRemovalAction,
  ClusterRemovalOutcome,
  ClusterRemovalPreview,
  CompareRequest,
  CompareResponse,
  DefinitionCheck,
  DefinitionList,
  DefinitionResponse,
  DefinitionSource,
  DefinitionWriteResult,
  DiffReport,
  HealthResponse,
  KindSegment,
  ProfileAssignmentMode,
  ProfileAssignmentRequest,
  ProfileAssignmentResult,
  ReportList,
  SavedDiffReport,
  SavedDiffReportSummary,
  VerifyResponse,
} from '@arlon-backstage/plugin-arlon-common';

// The REST contract lives in arlon-common (src/api); these names stay for
// the plugin's users.
export type {
  ClusterRemovalOutcome,
  ClusterRemovalPreview,
  CompareRequest,
  KindSegment,
  ProfileAssignmentResult,
  VerifyResponse,
};
/** Which profiles go to which clusters (`POST /profiles/apply`). */
export type ProfileAssignment = ProfileAssignmentRequest;

/** The browser's view of the `arlon` backend plugin's REST API. Nothing here ever carries a secret. */
export interface ArlonApi {
  getHealth(): Promise<HealthResponse>;
  verify(): Promise<VerifyResponse>;
  list(kind: KindSegment): Promise<DefinitionList>;
  get(kind: KindSegment, name: string): Promise<DefinitionResponse>;
  assignProfiles(
    mode: ProfileAssignmentMode,
    request: ProfileAssignment,
    options?: { dryRun?: boolean },
  ): Promise<ProfileAssignmentResult>;
  /** The route answers a ClusterApplicationsResult; the portal reads only the applications. */
  clusterAction(
    name: string,
    action: ClusterApplicationsAction,
  ): Promise<Pick<ClusterApplicationsResult, 'applications'>>;
  /** What `removeCluster` would remove; nothing is changed. */
  previewClusterRemoval(
    name: string,
    action: ClusterRemovalAction,
  ): Promise<ClusterRemovalPreview>;
  /** Deletes a built cluster or unregisters an external one, bundles first. */
  removeCluster(
    name: string,
    action: ClusterRemovalAction,
  ): Promise<ClusterRemovalOutcome>;
  compare(request: CompareRequest): Promise<CompareResponse>;
  listReports(): Promise<SavedDiffReportSummary[]>;
  getReport(id: string): Promise<SavedDiffReport>;
  saveReport(report: DiffReport): Promise<SavedDiffReport>;
  deleteReport(id: string): Promise<void>;
  exportReport(id: string): Promise<{ fileName: string; text: string }>;
  importReport(file: unknown): Promise<SavedDiffReport>;
  /** A definition's file as the fleet repository holds it, for the YAML editor. */
  getDefinitionSource(
    kind: KindSegment,
    name: string,
  ): Promise<DefinitionSource>;
  /** An edited definition checked as its update would be (problems, files, clusters); nothing is written. */
  checkDefinition(
    kind: KindSegment,
    name: string,
    yaml: string,
  ): Promise<DefinitionCheck>;
  /** Commits an edited definition, unless its file changed since the source `etag` names (a 409). */
  updateDefinition(
    kind: KindSegment,
    name: string,
    yaml: string,
    etag: string,
  ): Promise<DefinitionWriteResult>;
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
    return this.request<HealthResponse>('GET', '/health');
  }

  verify() {
    return this.request<VerifyResponse>('GET', '/verify');
  }

  list(kind: KindSegment) {
    return this.request<DefinitionList>('GET', `/${kind}`);
  }

  get(kind: KindSegment, name: string) {
    return this.request<DefinitionResponse>(
      'GET',
      `/${kind}/${encodeURIComponent(name)}`,
    );
  }

  assignProfiles(
    mode: ProfileAssignmentMode,
    body: ProfileAssignmentRequest,
    options: { dryRun?: boolean } = {},
  ) {
    return this.request<ProfileAssignmentResult>(
      'POST',
      `/profiles/${mode}${options.dryRun ? '?dryRun=true' : ''}`,
      body,
    );
  }

  clusterAction(name: string, action: ClusterApplicationsAction) {
    return this.request<ClusterApplicationsResult>(
      'POST',
      `/clusters/${encodeURIComponent(name)}/${action}`,
    );
  }

  previewClusterRemoval(name: string, action: ClusterRemovalAction) {
    const path = `/clusters/${encodeURIComponent(name)}`;
    return action === 'delete'
      ? this.request<ClusterRemovalPreview>('DELETE', `${path}?dryRun=true`)
      : this.request<ClusterRemovalPreview>(
          'POST',
          `${path}/unregister?dryRun=true`,
        );
  }

  removeCluster(name: string, action: ClusterRemovalAction) {
    const path = `/clusters/${encodeURIComponent(name)}`;
    return action === 'delete'
      ? this.request<ClusterRemovalOutcome>('DELETE', path)
      : this.request<ClusterRemovalOutcome>('POST', `${path}/unregister`);
  }

  compare(body: CompareRequest) {
    return this.request<CompareResponse>('POST', '/diff', body);
  }

  async listReports() {
    return (await this.request<ReportList>('GET', '/diff/reports')).items;
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

  getDefinitionSource(kind: KindSegment, name: string) {
    return this.request<DefinitionSource>(
      'GET',
      `/${kind}/${encodeURIComponent(name)}/source`,
    );
  }

  async checkDefinition(kind: KindSegment, name: string, yaml: string) {
    const response = await this.fetch(
      'POST',
      `/${kind}/${encodeURIComponent(name)}/check`,
      undefined,
      { yaml },
    );
    return (await response.json()) as DefinitionCheck;
  }

  async updateDefinition(
    kind: KindSegment,
    name: string,
    yaml: string,
    etag: string,
  ) {
    const response = await this.fetch(
      'PUT',
      `/${kind}/${encodeURIComponent(name)}`,
      undefined,
      { yaml, ifMatch: etag },
    );
    return (await response.json()) as DefinitionWriteResult;
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

  private async fetch(
    method: string,
    path: string,
    body?: unknown,
    /** A definition's text as written (comments kept), and the source it was edited from. */
    text?: { yaml: string; ifMatch?: string },
  ) {
    const baseUrl = await this.deps.discoveryApi.getBaseUrl('arlon');
    let init: RequestInit = {};
    if (text)
      init = {
        headers: {
          'Content-Type': 'application/yaml',
          ...(text.ifMatch ? { 'If-Match': text.ifMatch } : {}),
        },
        body: text.yaml,
      };
    else if (body !== undefined)
      init = {
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      };
    const response = await this.deps.fetchApi.fetch(`${baseUrl}${path}`, {
      method,
      ...init,
    });
    if (!response.ok) throw await ResponseError.fromResponse(response);
    return response;
  }
}
