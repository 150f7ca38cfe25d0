/** Access control of the sandbox API server: tokens, RBAC, reviews (./AccessControl). */
export { AccessControl } from './AccessControl';
export { REVIEW_TYPES, withAccessDiscovery } from './discovery';
export type { ServiceAccountRef, UserInfo } from './userInfo';
