import type { LibraryCatalog } from '../library/library';
import type { SourceDocument } from './parseDocuments';
import type { ArlonKind, Bundle, Cluster, ClusterSpec, Profile } from './types';

/** A definition and where it came from. */
export interface Located<T> {
  object: T;
  source: SourceDocument;
}

/** Every valid definition of a fleet repository, by kind and name. */
export interface Fleet {
  bundles: Map<string, Located<Bundle>>;
  profiles: Map<string, Located<Profile>>;
  clusterSpecs: Map<string, Located<ClusterSpec>>;
  clusters: Map<string, Located<Cluster>>;
  /** Every file of the repository, so inline bundles can be read. */
  files: FleetFiles;
  /** The library repositories a profile's `<library>/<bundle>` may name (none when absent). */
  libraries?: LibraryCatalog;
}

/** The fleet repository's files: path (relative, `/`-separated) to content. */
export type FleetFiles = Record<string, string>;

/** Where each kind's definitions live. */
export const KIND_FOLDERS: Record<ArlonKind, string> = {
  Bundle: 'arlon/bundles',
  Profile: 'arlon/profiles',
  ClusterSpec: 'arlon/clusterspecs',
  Cluster: 'arlon/clusters',
};

/** Inline bundle manifests live in `bundles/<name>/`. */
export const inlineBundleFolder = (name: string) => `bundles/${name}`;
