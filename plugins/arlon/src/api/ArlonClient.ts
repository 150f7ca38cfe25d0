import {
  createApiRef,
  DiscoveryApi,
  FetchApi,
} from '@backstage/frontend-plugin-api';
import { ResponseError } from '@backstage/errors';
import type { FleetHealth } from '@internal/backstage-plugin-arlon-common';

/** The browser's view of the `arlon` backend plugin's REST API. */
export interface ArlonApi {
  getHealth(): Promise<FleetHealth>;
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

  async getHealth(): Promise<FleetHealth> {
    return this.get<FleetHealth>('/health');
  }

  private async get<T>(path: string): Promise<T> {
    const baseUrl = await this.deps.discoveryApi.getBaseUrl('arlon');
    const response = await this.deps.fetchApi.fetch(`${baseUrl}${path}`);
    if (!response.ok) {
      throw await ResponseError.fromResponse(response);
    }
    return (await response.json()) as T;
  }
}
