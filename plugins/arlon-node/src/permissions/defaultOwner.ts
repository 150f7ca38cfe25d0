import type { Config } from '@backstage/config';
import { DEFAULT_ARLON_OWNER } from '@arlon-backstage/plugin-arlon-common';

/**
 * The owner of definitions that name none: the same setting the catalog's
 * Arlon provider uses, so the owner a policy checks is the one the catalog shows.
 */
export function defaultOwnerOf(config: Config): string {
  return (
    config.getOptionalString('catalog.providers.arlon.defaultOwner') ??
    DEFAULT_ARLON_OWNER
  );
}
