import type { FleetFiles } from '../model/Fleet';
import type { ArlonKind } from '../model/types';
import {
  BrokenDefinition,
  definitionKey,
  FleetBreakage,
  fleetBreakage,
  HoldReason,
} from './lastKnownGood';
import type { Problem } from './Problem';
import { type FleetValidationContext, validateFleet } from './validateFleet';

/** A commit as people recognise it. */
export interface CommitInfo {
  commit: string;
  /** First line of the message. */
  summary: string;
  author: string;
  /** ISO 8601. */
  date: string;
}

/** A broken definition, where it went bad, and what it holds. */
export interface HeldDefinition extends BrokenDefinition {
  /** The first commit where it was broken; absent when that is beyond the history read. */
  brokenBy?: CommitInfo;
  /** The newest commit where it was valid; absent when it was never valid (created broken) within the history read. */
  lastGood?: string;
  /** Clusters held because of it. */
  clusters: string[];
}

/** A broken file that names no definition we can tell. */
export interface HeldFile {
  file: string;
  problems: Problem[];
  brokenBy?: CommitInfo;
  lastGood?: string;
}

/** What the head holds at last known good: `GET /verify`'s `lastKnownGood`. */
export interface HeldFleet {
  /** The head commit this describes. */
  commit: string;
  definitions: HeldDefinition[];
  /** While any, every cluster missing from the valid fleet is held too. */
  unattributed: HeldFile[];
  /** Clusters held, by name, and why. */
  clusters: Array<{ name: string; because: HoldReason[] }>;
  /** The history walk stopped at its depth before finding where every problem began. */
  historyTruncated: boolean;
}

const fileKey = (file: string) => `file:${file}`;

/**
 * Finds the commit where each broken definition of the head went bad: fed
 * the head's first-parent history newest first, it notes, per definition,
 * the oldest commit of the unbroken run of commits where it is broken (the
 * one that broke it) and the commit before it (its last known good, when it
 * was valid there rather than absent). Pure: the walk is the caller's.
 */
export class BreakingCommits {
  private readonly pending = new Set<string>();
  /** Per key, the oldest commit seen so far where it is still broken. */
  private readonly oldestBroken = new Map<string, string>();
  private readonly found = new Map<
    string,
    { brokenBy: string; lastGood?: string }
  >();

  constructor(
    head: string,
    readonly breakage: FleetBreakage,
    /**
     * What the head was validated with, so older commits are judged alike;
     * with its `cache`, an older commit's unchanged files are not read again.
     */
    private readonly context: FleetValidationContext = {},
  ) {
    for (const key of [
      ...breakage.broken.keys(),
      ...[...breakage.unattributed.keys()].map(fileKey),
    ]) {
      this.pending.add(key);
      this.oldestBroken.set(key, head);
    }
  }

  /** Every problem's start is found: no older commit is needed. */
  get done(): boolean {
    return this.pending.size === 0;
  }

  /** The next older commit of the walk (first parent of the last one). */
  visit(commit: string, files: FleetFiles): void {
    const older = fleetBreakage(files, validateFleet(files, this.context));
    for (const key of [...this.pending]) {
      const file = key.startsWith('file:') ? key.slice(5) : undefined;
      const stillBroken = file
        ? older.unattributed.has(file)
        : older.broken.has(key);
      if (stillBroken) {
        this.oldestBroken.set(key, commit);
        continue;
      }
      this.pending.delete(key);
      this.found.set(key, {
        brokenBy: this.oldestBroken.get(key)!,
        lastGood: file || isValidIn(older, key) ? commit : undefined,
      });
    }
  }

  /** The commits to describe (their CommitInfo) for `result`. */
  commitsToDescribe(): string[] {
    return [...new Set([...this.found.values()].map(f => f.brokenBy))];
  }

  /** What the head holds back, each definition with the commit that broke it when found. */
  result(
    head: string,
    describe: (commit: string) => CommitInfo | undefined,
  ): HeldFleet {
    const { broken, unattributed, held } = this.breakage;
    const clustersOf = (ref: { kind: ArlonKind; name: string }) =>
      [...held]
        .filter(([, reasons]) =>
          reasons.some(r => r.kind === ref.kind && r.name === ref.name),
        )
        .map(([name]) => name)
        .sort();
    const where = (key: string) => {
      const found = this.found.get(key);
      return found
        ? {
            brokenBy: describe(found.brokenBy),
            ...(found.lastGood ? { lastGood: found.lastGood } : {}),
          }
        : {};
    };
    return {
      commit: head,
      definitions: [...broken.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, definition]) => ({
          ...definition,
          ...where(key),
          clusters: clustersOf(definition),
        })),
      unattributed: [...unattributed.entries()].map(([file, problems]) => ({
        file,
        problems,
        ...where(fileKey(file)),
      })),
      clusters: [...held.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, because]) => ({ name, because })),
      historyTruncated: !this.done,
    };
  }
}

function isValidIn(breakage: FleetBreakage, key: string): boolean {
  const [kind, name] = key.split('/') as [ArlonKind, string];
  const maps = {
    Bundle: breakage.fleet.bundles,
    Profile: breakage.fleet.profiles,
    ClusterSpec: breakage.fleet.clusterSpecs,
    Cluster: breakage.fleet.clusters,
  };
  return maps[kind].has(name);
}

/** Why a definition's view is shown at its last known good: what holds it. */
export interface HeldState {
  /** The commit whose version is shown; absent when the head's (invalid) version is shown. */
  shownFrom?: string;
  /** The broken definitions (its own, its spec, profiles, bundles) or files that hold it. */
  because: Array<HeldDefinition | HeldFile>;
}

/**
 * The views people see, with held definitions kept: a broken definition is
 * shown as it was at its last good commit (so its page does not vanish or
 * lose its profiles), and every held cluster says what holds it. `atCommit`
 * gives the views of the commits named `lastGood`.
 */
export function applyLastKnownGood<
  V extends {
    kind: ArlonKind;
    name: string;
    problems?: Problem[];
    held?: HeldState;
  },
>(
  headViews: V[],
  held: HeldFleet,
  atCommit: (commit: string) => V[] | undefined,
): V[] {
  const key = (v: { kind: ArlonKind; name: string }) => definitionKey(v);
  const views = new Map(headViews.map(v => [key(v), v]));
  const definitions = new Map(held.definitions.map(d => [key(d), d]));
  for (const d of held.definitions) {
    const old = d.lastGood
      ? atCommit(d.lastGood)?.find(v => key(v) === key(d))
      : undefined;
    const current = views.get(key(d));
    const shown = old ?? current;
    if (!shown) continue;
    // The head's problems, so the catalog and the page say what is wrong now.
    views.set(key(d), {
      ...shown,
      ...('problems' in shown ? { problems: d.problems } : {}),
      held: { ...(old ? { shownFrom: d.lastGood } : {}), because: [d] },
    });
  }
  for (const { name, because } of held.clusters) {
    const k = key({ kind: 'Cluster', name });
    const view = views.get(k);
    if (!view) continue;
    const causes = because.flatMap((r): Array<HeldDefinition | HeldFile> => {
      if (r.file !== undefined)
        return held.unattributed.filter(u => u.file === r.file);
      const d = definitions.get(key(r));
      return d ? [d] : [];
    });
    views.set(k, {
      ...view,
      held: { ...view.held, because: dedupe(causes) },
    });
  }
  // A definition unreadable at the head is shown from its last good commit.
  return [...views.values()];
}

function dedupe<T>(items: T[]): T[] {
  return [...new Set(items)];
}

/** `GET /verify`'s `lastKnownGood`: what the head holds, or why that is unknown. */
export type LastKnownGoodReport =
  | { status: 'ok'; held: HeldFleet }
  | { status: 'notConfigured' }
  | { status: 'unknown'; message: string };
