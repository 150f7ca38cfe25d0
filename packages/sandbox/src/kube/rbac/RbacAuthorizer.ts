import type { ObjectStore } from '../ObjectStore';
import type { Attributes } from './requestAttributes';
import { PolicyRule, ruleAllows } from './rules';
import { MASTERS, UserInfo } from './userInfo';

const RBAC = 'rbac.authorization.k8s.io';

/** RBAC's answer, with the reason kube-apiserver gives (SubjectAccessReview's status.reason). */
export interface Decision {
  allowed: boolean;
  reason: string;
}

interface Subject {
  kind?: string;
  name?: string;
  namespace?: string;
}

interface Binding {
  metadata: { name: string; namespace?: string };
  roleRef?: { kind?: string; name?: string };
  subjects?: Subject[];
}

/**
 * kube-apiserver's authorizer chain for the sandbox: `system:masters` may do
 * anything, everyone else what the cluster's ClusterRoleBindings (and, in a
 * namespace, that namespace's RoleBindings) grant, read from the store at
 * each request as upstream reads its informers. No aggregation: a
 * ClusterRole's `aggregationRule` adds nothing.
 */
export class RbacAuthorizer {
  constructor(private readonly store: ObjectStore) {}

  authorize(user: UserInfo, request: Attributes): Decision {
    if (user.groups.includes(MASTERS)) return { allowed: true, reason: '' };
    const namespace = request.resourceRequest ? request.namespace : '';
    let allowedBy: string | undefined;
    const errors = this.visit(user, namespace, (rules, binding, subject) => {
      if (!rules.some(rule => ruleAllows(rule, request))) return false;
      allowedBy = describe(binding, subject);
      return true;
    });
    if (allowedBy)
      return { allowed: true, reason: `RBAC: allowed by ${allowedBy}` };
    return { allowed: false, reason: aggregate(errors) };
  }

  /** Every rule granted to `user` in `namespace` (cluster-wide ones too), and the errors met finding them: SelfSubjectRulesReview. */
  rulesFor(
    user: UserInfo,
    namespace: string,
  ): { rules: PolicyRule[]; errors: string[] } {
    const rules: PolicyRule[] = [];
    const errors = this.visit(user, namespace, granted => {
      rules.push(...granted);
      return false;
    });
    return { rules, errors };
  }

  /** Calls `visitor` with the rules of each binding that applies to `user`, until it returns true; returns the lookup errors. */
  private visit(
    user: UserInfo,
    namespace: string,
    visitor: (
      rules: PolicyRule[],
      binding: Binding,
      subject: Subject,
    ) => boolean,
  ): string[] {
    const errors: string[] = [];
    for (const binding of this.bindings(namespace)) {
      const bindingNs = binding.metadata.namespace ?? '';
      const subject = (binding.subjects ?? []).find(s =>
        appliesTo(user, s, bindingNs),
      );
      if (!subject) continue;
      const rules = this.rulesOf(binding, errors);
      if (rules && visitor(rules, binding, subject)) break;
    }
    return errors;
  }

  /** ClusterRoleBindings first, then the request namespace's RoleBindings (upstream's visiting order). */
  private bindings(namespace: string): Binding[] {
    const list = (plural: string, ns?: string) =>
      this.store.list(this.store.type(RBAC, plural)!, ns) as Binding[];
    return [
      ...list('clusterrolebindings'),
      ...(namespace ? list('rolebindings', namespace) : []),
    ];
  }

  /** The rules a binding grants; a missing role adds upstream's lister error (reported with a denial). */
  private rulesOf(
    binding: Binding,
    errors: string[],
  ): PolicyRule[] | undefined {
    const kind = binding.roleRef?.kind ?? '';
    const name = binding.roleRef?.name ?? '';
    if (kind !== 'Role' && kind !== 'ClusterRole') {
      errors.push(`unsupported role reference kind: ${JSON.stringify(kind)}`);
      return undefined;
    }
    const ns = binding.metadata.namespace;
    try {
      // A Role is looked up in the binding's namespace: none for a ClusterRoleBinding, so never found.
      if (kind === 'Role' && !ns) throw new Error('no namespace');
      const role = this.store.get(
        this.store.type(RBAC, kind === 'Role' ? 'roles' : 'clusterroles')!,
        kind === 'Role' ? ns : undefined,
        name,
      );
      return role.rules ?? [];
    } catch {
      errors.push(
        `${kind.toLowerCase()}.${RBAC} ${JSON.stringify(name)} not found`,
      );
      return undefined;
    }
  }
}

/** rbac.go appliesToUser: a ServiceAccount subject without a namespace means the binding's. */
function appliesTo(user: UserInfo, subject: Subject, bindingNs: string) {
  switch (subject.kind) {
    case 'User':
      return user.name === subject.name;
    case 'Group':
      return !!subject.name && user.groups.includes(subject.name);
    case 'ServiceAccount': {
      const ns = subject.namespace || bindingNs;
      return (
        !!ns && user.name === `system:serviceaccount:${ns}:${subject.name}`
      );
    }
    default:
      return false;
  }
}

/** `ClusterRoleBinding "b" of ClusterRole "r" to ServiceAccount "sa/ns"`, upstream's describers. */
function describe(binding: Binding, subject: Subject): string {
  const ns = binding.metadata.namespace;
  const who =
    subject.kind === 'ServiceAccount'
      ? `${subject.kind} ${JSON.stringify(
          `${subject.name}/${subject.namespace || ns || ''}`,
        )}`
      : `${subject.kind} ${JSON.stringify(subject.name)}`;
  const what = `${binding.roleRef?.kind} ${JSON.stringify(
    binding.roleRef?.name,
  )}`;
  return ns
    ? `RoleBinding ${JSON.stringify(
        `${binding.metadata.name}/${ns}`,
      )} of ${what} to ${who}`
    : `ClusterRoleBinding ${JSON.stringify(
        binding.metadata.name,
      )} of ${what} to ${who}`;
}

/** `RBAC: <error>` or `RBAC: [<e1>, <e2>]`, as utilerrors.NewAggregate prints (duplicates once). */
function aggregate(errors: string[]): string {
  const unique = [...new Set(errors)];
  if (unique.length === 0) return '';
  return `RBAC: ${unique.length === 1 ? unique[0] : `[${unique.join(', ')}]`}`;
}
