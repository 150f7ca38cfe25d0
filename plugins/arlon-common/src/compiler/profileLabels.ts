/** The label prefix of a cluster's profiles on its ArgoCD cluster Secret. */
export const PROFILE_LABEL_PREFIX = 'profile.arlon.io/';

/**
 * The labels that put a cluster's ArgoCD Secret in its profiles'
 * ApplicationSets: the compiler selects on them, registration and import
 * write them.
 */
export function profileLabels(profiles: string[]): Record<string, string> {
  return Object.fromEntries(
    profiles.map(p => [`${PROFILE_LABEL_PREFIX}${p}`, 'true']),
  );
}
