/**
 * Kubernetes' version priority (apimachinery's CompareKubeAwareVersionStrings):
 * GA before beta before alpha, higher numbers first, then other strings
 * alphabetically. Discovery lists a group's versions in this order and
 * prefers the first, so `kubectl get clusters` reads Cluster API at v1beta2,
 * not the deprecated v1beta1.
 */
const KUBE_VERSION = /^v(\d+)(?:(alpha|beta)(\d+))?$/;

export function compareKubeVersions(a: string, b: string): number {
  const ma = KUBE_VERSION.exec(a);
  const mb = KUBE_VERSION.exec(b);
  if (!ma || !mb) {
    if (ma) return -1;
    if (mb) return 1;
    return a.localeCompare(b);
  }
  const RANK: Record<string, number> = { alpha: 0, beta: 1 };
  const rank = (m: RegExpExecArray) => (m[2] === undefined ? 2 : RANK[m[2]]);
  if (rank(ma) !== rank(mb)) return rank(mb) - rank(ma);
  if (ma[1] !== mb[1]) return Number(mb[1]) - Number(ma[1]);
  return Number(mb[3] ?? 0) - Number(ma[3] ?? 0);
}
