import {
  generatedDrift,
  type StaleFile,
} from '@arlon-backstage/plugin-arlon-common';
import { readSince } from '../changes/readSince';
import type { FleetDefinitions } from '../fleet/FleetDefinitions';
import type { FleetRepository } from '../fleet/FleetRepository';
import { InvalidDefinitionError } from '../fleet/InvalidDefinitionError';

/** Who regenerate commits are from: the portal itself, not a person. */
export const REGENERATE_AUTHOR = {
  name: 'Arlon for Backstage',
  email: 'arlon@backstage.invalid',
};

/** How long a failed attempt at one head waits before it is tried again. */
export const DEFAULT_REGENERATE_RETRY_MS = 60_000;

/**
 * The branch a regenerate pull request is proposed from: one per head
 * commit, so a second look at the same head finds it and opens no other.
 */
export function regenerateBranch(head: string): string {
  return `arlon/regenerate-${head.slice(0, 12)}`;
}

/** What one look at the head did. */
export type RegenerateOutcome =
  /** `arlon.fleetRepo.regenerate: off`, or no fleet repository. */
  | { status: 'off' }
  /** This head was handled already: nothing read, nothing done. */
  | { status: 'seen'; head: string }
  /** generated/ is what the definitions compile to. */
  | { status: 'current'; head: string }
  /** The definitions have problems: generated/ is left as it is (last known good). */
  | { status: 'held'; head: string; problems: number }
  /** Recompiled as one commit on the branch. */
  | { status: 'committed'; head: string; commit: string; files: number }
  /** Proposed as a pull request from regenerateBranch(head). */
  | {
      status: 'proposed';
      head: string;
      branch: string;
      pullRequest: { url: string; number: number };
    }
  /** A regenerate branch for this head exists already (its pull request is open or was decided). */
  | { status: 'alreadyProposed'; head: string; branch: string }
  /** The branch moved while this look planned: the newer head gets its own look. */
  | { status: 'moved'; head: string }
  /** It did not work; tried again after the retry delay. */
  | { status: 'failed'; head: string; message: string };

export interface FleetRegeneratorOptions {
  repository: FleetRepository;
  /** Plans and commits as POST /regenerate does: the same validation, compiler and served-kinds check. */
  definitions: FleetDefinitions;
  logger: {
    info(message: string): void;
    warn(message: string): void;
    error(message: string): void;
  };
  retryMs?: number;
}

/** Thrown from a plan when the branch is no longer at the head that was looked at. */
class HeadMoved extends Error {}

/**
 * Keeps `generated/` following the definitions whatever wrote them: after a
 * hand push or a merge that did not regenerate it, the head's definitions
 * are compiled and, when they are all valid and the tree differs, the
 * difference is committed (or proposed, one pull request per head) by
 * "Arlon for Backstage". A head with any problem is never regenerated: a
 * broken definition must not make generated files disappear. Looks run one
 * at a time, and a head is handled once: the regenerate commit is itself a
 * new head whose tree matches, so the next look is a no-op (never a loop).
 * Run it on one replica only (RegenerateScheduler).
 */
export class FleetRegenerator {
  /**
   * The newest head handled for good (current, held, committed, proposed),
   * with the library commits it was compiled with: a library that moves
   * makes the same head worth another look.
   */
  private handled?: string;
  /** The library version (LibraryShelf.version) the look under way started with. */
  private libraries = '';
  /** When a head last failed, to wait before trying it again. */
  private failed?: { head: string; at: number };
  /**
   * Commits this regenerator made, with the library version each was
   * compiled at: finding one stale at that same version would mean a loop.
   */
  private readonly ours = new Map<string, string>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly retryMs: number;

  constructor(private readonly options: FleetRegeneratorOptions) {
    this.retryMs = options.retryMs ?? DEFAULT_REGENERATE_RETRY_MS;
  }

  /** `arlon.fleetRepo.regenerate`, defaulting to `writeMode`. */
  get mode(): 'commit' | 'pullRequest' | 'off' {
    const config = this.options.repository.config;
    if (!config) return 'off';
    return config.regenerate ?? config.writeMode;
  }

  /**
   * Looks at the head (`head`, when a signal said which; else the branch as
   * it is now) and regenerates when it is valid and stale. Calls queue: one
   * look at a time, each after the one before.
   */
  regenerateIfStale(head?: string): Promise<RegenerateOutcome> {
    const look = this.queue.then(() => this.look(head));
    this.queue = look.catch(() => undefined);
    return look;
  }

  private async look(signalled?: string): Promise<RegenerateOutcome> {
    const mode = this.mode;
    if (mode === 'off') return { status: 'off' };
    this.libraries = this.options.repository.libraries?.version() ?? '';
    if (signalled && this.waiting(signalled))
      return { status: 'seen', head: signalled };
    const { repository, definitions, logger } = this.options;
    const snapshot = signalled
      ? await readSince(repository, signalled)
      : await repository.read();
    const head = snapshot.commit;
    if (this.waiting(head)) return { status: 'seen', head };

    const drift = generatedDrift(
      snapshot.files,
      await definitions.currentCompileOptions(snapshot.files),
    );
    if (drift.problems.length) {
      logger.info(
        `The fleet at ${short(head)} has ${
          drift.problems.length
        } problem(s) (first: ${drift.problems[0].file}:${
          drift.problems[0].line
        }); generated/ is left as it is until they are fixed`,
      );
      return this.done({
        status: 'held',
        head,
        problems: drift.problems.length,
      });
    }
    if (!drift.stale.length) return this.done({ status: 'current', head });
    const branch = mode === 'pullRequest' ? regenerateBranch(head) : undefined;
    try {
      if (await this.takingTurns(head)) {
        // Regenerating back would make two compilers take turns for ever.
        logger.error(
          `generated/ at ${short(
            head,
          )} was just regenerated, and is still not what this portal compiles: another Arlon portal (or version) writing to this fleet repository compiles it differently (another arlon.fleetRepo.url or branch?). Not regenerating back; make their configuration agree`,
        );
        return this.done({
          status: 'failed',
          head,
          message: 'regenerated by another compiler',
        });
      }
      if (branch && (await repository.branchHead(branch)))
        return this.done({ status: 'alreadyProposed', head, branch });
      const result = await definitions.change(
        {
          message: regenerateMessage(head, drift.stale),
          author: REGENERATE_AUTHOR,
          mode,
          branch,
        },
        (_files, planned) => {
          if (planned !== head) throw new HeadMoved();
          return [];
        },
      );
      if (result.pullRequest) {
        logger.info(
          `Proposed regenerating generated/ for ${short(head)} (${
            drift.stale.length
          } files): ${result.pullRequest.url}`,
        );
        return this.done({
          status: 'proposed',
          head,
          branch: result.pullRequest.branch,
          pullRequest: {
            url: result.pullRequest.url,
            number: result.pullRequest.number,
          },
        });
      }
      if (!result.commit) return this.done({ status: 'current', head });
      this.ours.set(result.commit, this.libraries);
      logger.info(
        `Regenerated generated/ for ${short(head)} as ${short(
          result.commit,
        )} (${result.files.length} files)`,
      );
      return this.done({
        status: 'committed',
        head,
        commit: result.commit,
        files: result.files.length,
      });
    } catch (error) {
      if (error instanceof HeadMoved) return { status: 'moved', head };
      if (error instanceof InvalidDefinitionError) {
        // Valid on their own, but e.g. needing kinds no management cluster serves.
        logger.warn(
          `Not regenerating generated/ for ${short(head)}: ${error.message}`,
        );
        return this.done({
          status: 'held',
          head,
          problems: error.problems.length,
        });
      }
      const message = (error as Error).message;
      if ((error as Error).name === 'InputError') {
        // Refused (e.g. a symbolic link pushed into generated/): trying again
        // cannot help until someone fixes the head by hand, a new head.
        logger.warn(
          `Not regenerating generated/ for ${short(head)}: ${message}`,
        );
        return this.done({ status: 'failed', head, message });
      }
      logger.warn(
        `Regenerating generated/ for ${short(head)} failed (tried again in ${
          this.retryMs / 1000
        } s): ${message}`,
      );
      this.failed = { head, at: Date.now() };
      return { status: 'failed', head, message };
    }
  }

  /**
   * Whether the head is a regenerate commit that is still stale and
   * regenerating it again would start (or continue) a ping-pong: one this
   * regenerator made, or the second regenerate commit in a row (two portals,
   * or two versions, each compiling the tree their way). One regenerate
   * commit on top of a person's commit is not: a new compiler version
   * regenerates once after an upgrade.
   */
  private async takingTurns(head: string): Promise<boolean> {
    // Ours, and stale although no library moved since: a loop. A library
    // that moved since is a new reason to regenerate, not a loop.
    if (this.ours.has(head)) return this.ours.get(head) === this.libraries;
    const { repository } = this.options;
    const made = await repository.commitInfo(head);
    if (made.author !== REGENERATE_AUTHOR.name || !made.parents[0])
      return false;
    const before = await repository.commitInfo(made.parents[0]);
    return before.author === REGENERATE_AUTHOR.name;
  }

  /** Whether `head` needs no look now: handled, or failed too recently to try again. */
  private waiting(head: string): boolean {
    if (`${head} ${this.libraries}` === this.handled) return true;
    return (
      this.failed?.head === head && Date.now() - this.failed.at < this.retryMs
    );
  }

  private done<T extends RegenerateOutcome & { head: string }>(outcome: T): T {
    this.handled = `${outcome.head} ${this.libraries}`;
    this.failed = undefined;
    return outcome;
  }
}

function short(commit: string) {
  return commit.slice(0, 12);
}

/** Says which head it regenerates for and what changes, so a reviewer can check it. */
export function regenerateMessage(head: string, stale: StaleFile[]): string {
  const count = (action: StaleFile['action']) =>
    stale.filter(s => s.action === action).length;
  const shown = stale.slice(0, 20).map(s => `  ${s.action} ${s.path}`);
  return [
    `Regenerate generated/ for ${short(head)}`,
    '',
    `The definitions at ${head} are valid, but generated/ was not what they`,
    'compile to (a hand push or a merge that did not regenerate it).',
    `${count('create')} created, ${count('update')} updated, ${count(
      'delete',
    )} deleted; the definitions are unchanged:`,
    ...shown,
    ...(stale.length > shown.length
      ? [`  ... and ${stale.length - shown.length} more`]
      : []),
    '',
    'Regenerated by Arlon for Backstage (arlon.fleetRepo.regenerate).',
  ].join('\n');
}
