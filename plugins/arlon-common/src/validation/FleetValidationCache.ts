import type { FleetFiles } from '../model/Fleet';
import { parseDocuments } from '../model/parseDocuments';
import { FileDefinitions, readDefinitionFile } from './fleet/readDefinitions';
import {
  type FleetValidation,
  type FleetValidationContext,
  validateFleetReading,
} from './validateFleet';

export type { FleetValidation } from './validateFleet';

/** One file as last seen: its text, and what parsing and reading it gave. */
interface FileEntry {
  text: string;
  parsed?: ReturnType<typeof parseDocuments>;
  read?: FileDefinitions;
}

/**
 * Incremental validation: `validate(files, context)` is exactly
 * `validateFleet(files, context)` (also what `validateFleet(files, { ...context, cache })`
 * calls), but each file is parsed and checked on its own once per content, so a
 * commit that changes one file of 13,000 re-reads one file. The rules across
 * files (names, references, values, Application names) run again every time:
 * they are a small share of the cost (docs/scale-catalog.md), and rerunning
 * them is what keeps the result equal to a full validation.
 *
 * What a file reads to on its own depends on its text only; everything that
 * depends on the context (libraries, management clusters) is a rule across
 * files and runs again. The one answer given from memory, for the same files
 * object, is given only under the same context: the same management cluster
 * names and the same Library objects (LibraryShelf replaces a library's
 * object whenever it is read at another commit or becomes (un)reachable).
 *
 * Results are shared, never copied: callers must treat them as read-only.
 * Only the newest content of each path is kept, and paths no longer in the
 * files validated last are forgotten, so memory follows the fleet's size.
 *
 * @public
 */
export class FleetValidationCache {
  private readonly entries = new Map<string, FileEntry>();
  private last?: {
    files: FleetFiles;
    context: ContextKey;
    validation: FleetValidation;
  };

  /**
   * validateFleet(files, context); the same files object under the same
   * context answers from memory.
   */
  validate(
    files: FleetFiles,
    context: FleetValidationContext = {},
  ): FleetValidation {
    const key = contextKey(context);
    if (this.last?.files === files && sameContext(this.last.context, key))
      return this.last.validation;
    const validation = validateFleetReading(files, context, (file, text) =>
      this.read(file, text),
    );
    this.forgetAllBut(files);
    this.last = { files, context: key, validation };
    return validation;
  }

  /** parseDocuments(file, text), remembered by the file's content. */
  parse = (file: string, text: string): ReturnType<typeof parseDocuments> => {
    const entry = this.entry(file, text);
    entry.parsed ??= parseDocuments(file, text);
    return entry.parsed;
  };

  private read(file: string, text: string): FileDefinitions {
    const entry = this.entry(file, text);
    entry.read ??= readDefinitionFile(file, text, this.parse);
    return entry.read;
  }

  private entry(file: string, text: string): FileEntry {
    const known = this.entries.get(file);
    if (known?.text === text) return known;
    // Parsed on demand: most files of the repository (generated/, bundles/)
    // are never parsed by validation.
    const entry: FileEntry = { text };
    this.entries.set(file, entry);
    return entry;
  }

  private forgetAllBut(files: FleetFiles) {
    for (const file of this.entries.keys())
      if (!Object.prototype.hasOwnProperty.call(files, file))
        this.entries.delete(file);
  }
}

/** What of a context a validation depends on, compared by value and by each Library object. */
interface ContextKey {
  managementClusters?: string;
  libraries: ReadonlyArray<readonly [string, unknown]>;
}

function contextKey(context: FleetValidationContext): ContextKey {
  const mc = context.managementClusters;
  return {
    managementClusters: mc && JSON.stringify([mc.default, [...mc.names]]),
    libraries: [...(context.libraries ?? new Map())],
  };
}

function sameContext(a: ContextKey, b: ContextKey): boolean {
  return (
    a.managementClusters === b.managementClusters &&
    a.libraries.length === b.libraries.length &&
    a.libraries.every(
      ([name, library], i) =>
        name === b.libraries[i][0] && library === b.libraries[i][1],
    )
  );
}
