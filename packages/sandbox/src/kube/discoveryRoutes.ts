import http from 'node:http';
import { ObjectStore } from './ObjectStore';
import { openApiAnswer, OpenApiDocuments } from './openapi';
import { groupList, resourceList } from './discovery';
import { REVIEW_TYPES, withAccessDiscovery } from './rbac';
import { sendJson, sendText } from './apiHttp';
import { groupVersionPath } from './resourceRequest';
import { SANDBOX_KUBERNETES_VERSION } from './version';

/**
 * The paths clients read before they touch a resource: `/version`, health,
 * `/api`, `/apis`, a group version's resource list and the OpenAPI
 * documents. Answers and returns true for those, false for any other path.
 */
export class DiscoveryRoutes {
  /** `/openapi/v2` and `/openapi/v3`, from the served kinds and their CRDs; built on first use. */
  private openApi?: OpenApiDocuments;

  constructor(private readonly store: ObjectStore) {}

  serve(path: string, url: URL, res: http.ServerResponse): boolean {
    if (path === '/version') sendJson(res, 200, SANDBOX_KUBERNETES_VERSION);
    else if (path === '/healthz' || path === '/readyz' || path === '/livez')
      sendText(res, 200, 'ok');
    else if (path === '/api')
      sendJson(res, 200, {
        kind: 'APIVersions',
        versions: ['v1'],
        serverAddressByClientCIDRs: [
          { clientCIDR: '0.0.0.0/0', serverAddress: url.host },
        ],
      });
    else if (path === '/apis')
      sendJson(
        res,
        200,
        groupList([...this.store.allTypes(), ...REVIEW_TYPES]),
      );
    else if (path === '/openapi/v2' || path.startsWith('/openapi/v3')) {
      this.openApi ??= new OpenApiDocuments(this.store);
      const accept = res.req?.headers.accept ?? '';
      sendJson(res, 200, openApiAnswer(this.openApi, path, accept));
    } else return this.serveGroupVersion(path, res);
    return true;
  }

  /** `/api/v1` and `/apis/{group}/{version}`: the resources a group version serves. */
  private serveGroupVersion(path: string, res: http.ServerResponse): boolean {
    const where = groupVersionPath(path);
    if (!where || where.rest.length > 0) return false;
    const { group, version } = where;
    sendJson(
      res,
      200,
      withAccessDiscovery(group, version, () =>
        resourceList(this.store.allTypes(), group, version),
      ),
    );
    return true;
  }
}
