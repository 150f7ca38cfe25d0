import {
  applyLastKnownGood,
  BreakingCommits,
  CommitInfo,
  DefinitionView,
  definitionViews,
  FleetFiles,
  fleetBreakage,
  FleetValidationCache,
  type FleetValidationContext,
  HeldFleet,
  validateFleet,
} from '@arlon-backstage/plugin-arlon-common';
import type { LibraryShelf } from '../library/LibraryShelf';
import type { FleetSnapshot } from './FleetCheckout';

/** How far back to look for the commit that broke a definition. */
export const DEFAULT_HISTORY_DEPTH = 200;
/** Blobs kept for history walks: past this, the cache starts over. */
const MAX_CACHED_BLOBS = 20_000;

/** The local clone's history, as the walk needs it (FleetCheckout). */
export interface FleetHistory {
  commitInfo(oid: string): Promise<CommitInfo & { parents: string[] }>;
  definitionsAt(
    commit: string,
    blobs: Map<string, string>,
  ): Promise<FleetFiles>;
}

/** The head at last known good: what it holds, and the views people see. */
export interface LastKnownGoodState {
  snapshot: FleetSnapshot;
  held: HeldFleet;
  /** Every definition of the head, held ones shown from their last good commit. */
  views: DefinitionView[];
}

/**
 * For the head of the fleet branch: which definitions are broken, the commit
 * that broke each (walking first parents back at most `depth` commits, and
 * only while some problem's start is unknown), and the definitions as they
 * were at their last good commit. Computed once per head commit.
 */
export class LastKnownGood {
  /** Per head commit and library version: a library moving changes what is valid. */
  private cached?: { key: string; state: Promise<LastKnownGoodState> };
  private readonly blobs = new Map<string, string>();
  private readonly validation: FleetValidationCache;

  constructor(
    private readonly history: FleetHistory,
    private readonly depth = DEFAULT_HISTORY_DEPTH,
    /**
     * What every commit is validated with (the configured management
     * clusters). Its `cache`, or one of this object's own, parses and
     * validates each file once per content: a new head costs what its
     * commit changed, and so do the older commits of a history walk.
     */
    private readonly context: FleetValidationContext = {},
    /** The library repositories the head's references are checked against. */
    private readonly libraries?: Pick<LibraryShelf, 'catalog' | 'version'>,
  ) {
    this.validation = context.cache ?? new FleetValidationCache();
  }

  at(snapshot: FleetSnapshot): Promise<LastKnownGoodState> {
    const key = `${snapshot.commit} ${this.libraries?.version() ?? ''}`;
    if (this.cached?.key !== key) {
      const state = this.compute(snapshot);
      state.catch(() => {
        if (this.cached?.state === state) this.cached = undefined;
      });
      this.cached = { key, state };
    }
    return this.cached.state;
  }

  private async compute(snapshot: FleetSnapshot): Promise<LastKnownGoodState> {
    const context: FleetValidationContext = {
      ...this.context,
      libraries: this.libraries?.catalog(),
      cache: this.validation,
    };
    const headViews = definitionViews(snapshot.files, context);
    const tracker = new BreakingCommits(
      snapshot.commit,
      fleetBreakage(snapshot.files, validateFleet(snapshot.files, context)),
      context,
    );
    if (this.blobs.size > MAX_CACHED_BLOBS) this.blobs.clear();
    const described = new Map<string, CommitInfo>();
    const lastGood = new Map<string, DefinitionView[]>();
    let held;
    try {
      let parent = tracker.done
        ? undefined
        : (await this.history.commitInfo(snapshot.commit)).parents[0];
      for (let i = 0; parent && !tracker.done && i < this.depth; i++) {
        tracker.visit(
          parent,
          await this.history.definitionsAt(parent, this.blobs),
        );
        parent = (await this.history.commitInfo(parent)).parents[0];
      }
      for (const commit of tracker.commitsToDescribe()) {
        const { parents: _, ...info } = await this.history.commitInfo(commit);
        described.set(commit, info);
      }
      held = tracker.result(snapshot.commit, c => described.get(c));
      for (const d of held.definitions)
        if (d.lastGood && !lastGood.has(d.lastGood))
          lastGood.set(
            d.lastGood,
            definitionViews(
              await this.history.definitionsAt(d.lastGood, this.blobs),
              context,
            ),
          );
    } catch {
      // History that cannot be read (a shallow clone, a pruned object) loses
      // the breaking commits, never the holding: what is broken is still known.
      held = new BreakingCommits(
        snapshot.commit,
        tracker.breakage,
        context,
      ).result(snapshot.commit, () => undefined);
      lastGood.clear();
    }
    return {
      snapshot,
      held,
      views: applyLastKnownGood(headViews, held, c => lastGood.get(c)),
    };
  }
}
