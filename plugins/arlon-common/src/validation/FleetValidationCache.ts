import type { FleetFiles } from '../model/Fleet';
import { parseDocuments } from '../model/parseDocuments';
import { FileDefinitions, readDefinitionFile } from './fleet/readDefinitions';
import { validateFleet } from './validateFleet';

/** What validateFleet returns. @public */
export type FleetValidation = ReturnType<typeof validateFleet>;

/** One file as last seen: its text, and what parsing and reading it gave. */
interface FileEntry {
  text: string;
  parsed?: ReturnType<typeof parseDocuments>;
  read?: FileDefinitions;
}

/**
 * Incremental validation: `validate(files)` is exactly `validateFleet(files)`,
 * but each file is parsed and checked on its own once per content, so a
 * commit that changes one file of 13,000 re-reads one file. The rules across
 * files (names, references, values, Application names) run again every time:
 * they are a small share of the cost (docs/scale-catalog.md), and rerunning
 * them is what keeps the result equal to a full validation.
 *
 * Results are shared, never copied: callers must treat them as read-only.
 * Only the newest content of each path is kept, and paths no longer in the
 * files validated last are forgotten, so memory follows the fleet's size.
 *
 * @public
 */
export class FleetValidationCache {
  private readonly entries = new Map<string, FileEntry>();
  private last?: { files: FleetFiles; validation: FleetValidation };

  /** validateFleet(files); the same files object answers from memory. */
  validate(files: FleetFiles): FleetValidation {
    if (this.last?.files === files) return this.last.validation;
    const validation = validateFleet(files, (file, text) =>
      this.read(file, text),
    );
    this.forgetAllBut(files);
    this.last = { files, validation };
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
