import { ApiError, badRequest } from '../errors';
import type { ObjectStore } from '../ObjectStore';
import { ensureBootstrapPolicy } from './bootstrapPolicy';
import { createOnUpdateForbidden, forbidden } from './forbidden';
import { RbacAuthorizer } from './RbacAuthorizer';
import { attributesOf, ResourceAttributes } from './requestAttributes';
import {
  selfSubjectAccessReview,
  selfSubjectRulesReview,
} from './selfSubjectReviews';
import { tokenRequest } from './tokenRequest';
import { TokenAuthenticator } from './tokens';
import type { ServiceAccountRef, UserInfo } from './userInfo';

const APPLY = 'application/apply-patch+yaml';
const REVIEWS = '/apis/authorization.k8s.io/v1/';
const TOKEN_PATH =
  /^\/api\/v1\/namespaces\/([^/]+)\/serviceaccounts\/([^/]+)\/token\/?$/;

/**
 * Authentication and authorization of one sandbox API server, in the order
 * kube-apiserver runs them: who the bearer token is (401 when nobody), then
 * whether RBAC lets that user make the request (403 worded as upstream's).
 * Also answers the requests that are about access itself: self access and
 * rules reviews, and TokenRequest.
 */
export class AccessControl {
  private readonly tokens: TokenAuthenticator;
  private readonly authorizer: RbacAuthorizer;

  constructor(adminToken: string, private readonly store: ObjectStore) {
    ensureBootstrapPolicy(store);
    this.tokens = new TokenAuthenticator(adminToken, store);
    this.authorizer = new RbacAuthorizer(store);
  }

  /** Where the TokenController records the tokens it puts in Secrets. */
  get secretTokens(): Map<string, ServiceAccountRef> {
    return this.tokens.secretTokens;
  }

  /** The user of an `Authorization: Bearer <token>` header; 401 when the token is not accepted. */
  authenticate(authorization: string | undefined): UserInfo {
    const user = this.userOf(authorization?.replace(/^Bearer /, ''));
    if (!user) throw new ApiError(401, 'Unauthorized', 'Unauthorized');
    return user;
  }

  /** Whether a bearer token would be let in (ArgoCD's cluster Secrets are checked so). */
  userOf(token: string | undefined): UserInfo | undefined {
    return this.tokens.authenticate(token);
  }

  /**
   * 403 unless RBAC allows `user` to `method url`. A server-side apply
   * that would create its object must also be allowed `create`, as
   * upstream's patch handler checks (withAuthorization), worded as it words
   * that refusal: `<resource> "<name>" is forbidden: <RBAC's reason>`.
   */
  authorize(user: UserInfo, method: string, url: URL, contentType = ''): void {
    const request = attributesOf(method, url);
    const decision = this.authorizer.authorize(user, request);
    if (!decision.allowed) throw forbidden(user, request, decision.reason);
    if (
      request.resourceRequest &&
      request.verb === 'patch' &&
      !request.subresource &&
      contentType.split(';')[0].trim() === APPLY &&
      !this.exists(request)
    ) {
      const create = { ...request, verb: 'create' };
      const asCreate = this.authorizer.authorize(user, create);
      if (!asCreate.allowed)
        throw createOnUpdateForbidden(create, asCreate.reason);
    }
  }

  private exists(request: ResourceAttributes): boolean {
    const type = this.store.type(
      request.group,
      request.resource,
      request.version,
    );
    if (!type) return true; // 404 from the route, not a create
    return this.store.has(type, request.namespace || undefined, request.name);
  }

  /** The answer to an access request (reviews, TokenRequest); undefined for every other request. */
  serve(
    user: UserInfo,
    method: string,
    url: URL,
    body: string,
  ): { code: number; body: unknown } | undefined {
    if (method !== 'POST') return undefined;
    const path = url.pathname;
    if (path.startsWith(REVIEWS)) {
      const plural = path.slice(REVIEWS.length).replace(/\/$/, '');
      if (plural === 'selfsubjectaccessreviews')
        return {
          code: 201,
          body: selfSubjectAccessReview(this.authorizer, user, body),
        };
      if (plural === 'selfsubjectrulesreviews')
        return {
          code: 201,
          body: selfSubjectRulesReview(this.authorizer, user, body),
        };
      return undefined;
    }
    const token = TOKEN_PATH.exec(path);
    if (token)
      return {
        code: 201,
        body: tokenRequest(
          this.store,
          this.tokens,
          decodePart(token[1]),
          decodePart(token[2]),
          body,
        ),
      };
    return undefined;
  }
}

function decodePart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw badRequest(
      `the path segment ${JSON.stringify(part)} is not valid percent-encoding`,
    );
  }
}
