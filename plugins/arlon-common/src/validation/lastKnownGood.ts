import type { Fleet, FleetFiles } from '../model/Fleet';
import { KIND_FOLDERS } from '../model/Fleet';
import { isDefinitionName } from '../model/names';
import { parseDocuments } from '../model/parseDocuments';
import { ARLON_KINDS, type ArlonKind } from '../model/types';
import type { Problem } from './Problem';
import { validateFleet } from './validateFleet';

/**
 * Last known good: a definition that fails validation never changes what is
 * deployed. This module says, from one commit's files, which definitions are
 * broken (they exist but are invalid) and which clusters are therefore held:
 * their ArgoCD Secrets keep the profile labels they have until their
 * definitions are valid again. Pure: files in, decisions out.
 */

/** A definition by kind and name. */
export interface DefinitionRef {
  kind: ArlonKind;
  name: string;
}

/** A definition that exists in the fleet repository but is invalid. */
export interface BrokenDefinition extends DefinitionRef {
  /** The problems of the files that hold (or claim) it. */
  problems: Problem[];
}

/** Why a cluster is held: a broken definition it rests on, or a file that names none. */
export type HoldReason =
  | (DefinitionRef & { file?: undefined })
  /** A broken file under arlon/ whose definition cannot be told: it may be this cluster. */
  | { kind?: undefined; name?: undefined; file: string };

export interface FleetBreakage {
  /** The valid definitions (validateFleet's fleet). */
  fleet: Fleet;
  /** Broken definitions, by `Kind/name`. */
  broken: Map<string, BrokenDefinition>;
  /**
   * Problems in files that cannot be attributed to a definition (unreadable
   * YAML in a file whose name is not a name, a folder that is not a kind's):
   * any cluster missing from the valid fleet may be the one it holds, so
   * every such cluster is held rather than stripped.
   */
  unattributed: Map<string, Problem[]>;
  /** Clusters of the valid or broken fleet that are held, and why. */
  held: Map<string, HoldReason[]>;
}

export const definitionKey = (ref: DefinitionRef) => `${ref.kind}/${ref.name}`;

const FOLDER_KIND = new Map<string, ArlonKind>(
  (Object.entries(KIND_FOLDERS) as Array<[ArlonKind, string]>).map(
    ([kind, folder]) => [folder, kind],
  ),
);

/**
 * The definitions a broken file may hold: every document that names a kind
 * and a name, and what its folder and file name say (a misnamed definition,
 * or unreadable YAML, still holds the cluster its file is named after).
 */
export function attributeFile(file: string, text: string): DefinitionRef[] {
  const refs = new Map<string, DefinitionRef>();
  const add = (kind: ArlonKind, name: string) =>
    refs.set(definitionKey({ kind, name }), { kind, name });
  for (const doc of parseDocuments(file, text).documents) {
    const value = doc.value as any;
    if (
      ARLON_KINDS.includes(value?.kind) &&
      // A kind was found, so value is an object here.
      isDefinitionName(value.metadata?.name)
    )
      add(value.kind, value.metadata.name);
  }
  const match = /^(arlon\/[^/]+)\/([^/]+)\.ya?ml$/.exec(file);
  const folderKind = match && FOLDER_KIND.get(match[1]);
  if (folderKind && isDefinitionName(match![2])) add(folderKind, match![2]);
  return [...refs.values()];
}

/**
 * Which definitions are broken and which clusters are held, from one
 * commit's files. A deleted definition is not broken: it is gone from Git,
 * a real removal. A cluster is held when its own definition is broken, or
 * its cluster spec, a profile it uses or a bundle of such a profile is.
 */
export function fleetBreakage(
  files: FleetFiles,
  validation: ReturnType<typeof validateFleet> = validateFleet(files),
): FleetBreakage {
  const { fleet, problems } = validation;
  const byFile = new Map<string, Problem[]>();
  for (const p of problems)
    byFile.set(p.file, [...(byFile.get(p.file) ?? []), p]);

  const broken = new Map<string, BrokenDefinition>();
  const unattributed = new Map<string, Problem[]>();
  for (const [file, fileProblems] of byFile) {
    const refs =
      file.startsWith('arlon/') && file in files
        ? attributeFile(file, files[file])
        : [];
    if (refs.length === 0) unattributed.set(file, fileProblems);
    for (const ref of refs) {
      const key = definitionKey(ref);
      const known = broken.get(key);
      broken.set(key, {
        ...ref,
        problems: [...(known?.problems ?? []), ...fileProblems],
      });
    }
  }

  const isBroken = (kind: ArlonKind, name: string) =>
    broken.has(definitionKey({ kind, name }));
  const held = new Map<string, HoldReason[]>();
  for (const b of broken.values())
    if (b.kind === 'Cluster')
      held.set(b.name, [{ kind: b.kind, name: b.name }]);
  for (const { object } of fleet.clusters.values()) {
    const name = object.metadata.name;
    // A broken file may define a cluster of the same name (its reason is the
    // Cluster); a valid cluster lists each profile once and gets no bundle
    // from two profiles (clusterReferences), so no reason repeats.
    const reasons: HoldReason[] = [...(held.get(name) ?? [])];
    const add = (kind: ArlonKind, ref: string) => {
      if (isBroken(kind, ref)) reasons.push({ kind, name: ref });
    };
    if (object.spec.clusterSpec) add('ClusterSpec', object.spec.clusterSpec);
    for (const profile of object.spec.profiles ?? []) {
      add('Profile', profile);
      for (const bundle of fleet.profiles.get(profile)?.object.spec.bundles ??
        [])
        add('Bundle', bundle);
    }
    if (reasons.length) held.set(name, reasons);
  }
  return { fleet, broken, unattributed, held };
}

/**
 * Why `cluster` is held, or undefined when its labels follow the head. A
 * cluster the valid fleet does not have is held while any broken file names
 * no definition (it may be that cluster's); otherwise it is really gone.
 */
export function holdReasons(
  breakage: FleetBreakage,
  cluster: string,
): HoldReason[] | undefined {
  const reasons = breakage.held.get(cluster);
  if (reasons) return reasons;
  if (breakage.fleet.clusters.has(cluster) || breakage.unattributed.size === 0)
    return undefined;
  return [...breakage.unattributed.keys()].map(file => ({ file }));
}
