/**
 * Who a request is from, as kube-apiserver's authenticators name it
 * (k8s.io/apiserver/pkg/authentication/user and .../serviceaccount).
 */
export interface UserInfo {
  name: string;
  groups: string[];
  uid?: string;
}

/** The group every authenticated request is in: the bootstrap policy grants discovery to it. */
export const AUTHENTICATED = 'system:authenticated';
/** kube-apiserver lets this group do anything, without asking RBAC. */
export const MASTERS = 'system:masters';

/** The sandbox's admin token: the user kubeadm and kind write into the admin kubeconfig. */
export const ADMIN_USER: UserInfo = {
  name: 'kubernetes-admin',
  groups: [MASTERS, AUTHENTICATED],
};

/** A service account, as bindings and tokens name it. */
export interface ServiceAccountRef {
  namespace: string;
  name: string;
  uid?: string;
}

/** `system:serviceaccount:<ns>:<name>` with the groups upstream gives every service account. */
export function serviceAccountUser(account: ServiceAccountRef): UserInfo {
  return {
    name: `system:serviceaccount:${account.namespace}:${account.name}`,
    groups: [
      'system:serviceaccounts',
      `system:serviceaccounts:${account.namespace}`,
      AUTHENTICATED,
    ],
    ...(account.uid ? { uid: account.uid } : {}),
  };
}

/** The service account a user name denotes, or undefined for other users. */
export function serviceAccountOf(
  userName: string,
): ServiceAccountRef | undefined {
  const m = /^system:serviceaccount:([^:]+):([^:]+)$/.exec(userName);
  return m ? { namespace: m[1], name: m[2] } : undefined;
}
