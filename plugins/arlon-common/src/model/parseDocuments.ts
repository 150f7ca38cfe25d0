import {
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  Node,
  parseAllDocuments,
} from 'yaml';
import type { Problem } from '../validation/Problem';
import {
  ALIAS_BOMB_HINT,
  ALIAS_BOMB_MESSAGE,
  ALIAS_CYCLE_HINT,
  ALIAS_CYCLE_MESSAGE,
  documentData,
  isAliasBomb,
  YamlAliasCycleError,
} from './yamlData';

/** One YAML document of a file, with a way back from field paths to source positions. */
export interface SourceDocument {
  file: string;
  /** 0-based position of the document in a multi-document file. */
  index: number;
  /** The document as plain data. */
  value: unknown;
  /**
   * Position of what `path` names: the key of a mapping entry, or a list item.
   * A path that does not exist (a missing field) falls back to its deepest
   * existing ancestor, so the problem lands where the field should go.
   */
  locate(path: ReadonlyArray<PropertyKey>): { line: number; column: number };
}

/**
 * Parses a multi-document YAML file, keeping positions. Syntax errors,
 * bad indentation and duplicate keys come back as problems with their line;
 * a document with errors yields no value, so later checks do not pile on.
 */
export function parseDocuments(
  file: string,
  text: string,
): {
  documents: SourceDocument[];
  problems: Problem[];
  /** How many documents the file holds, those that gave no value included. */
  count: number;
} {
  const lineCounter = new LineCounter();
  const docs = parseAllDocuments(text, {
    lineCounter,
    uniqueKeys: true,
    prettyErrors: false,
  });
  const problems: Problem[] = [];
  const documents: SourceDocument[] = [];
  const list = Array.isArray(docs) ? docs : [];

  const position = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };

  list.forEach((doc, index) => {
    for (const error of doc.errors) {
      const at = position(error.pos[0]);
      problems.push({
        file,
        ...at,
        field: '',
        message: yamlErrorMessage(error.code, error.message),
        hint: yamlErrorHint(error.code),
      });
    }
    if (doc.errors.length > 0 || doc.contents === null) return;

    const locate = (path: ReadonlyArray<PropertyKey>) => {
      // The node to point at: a mapping entry's key, else the node itself.
      let target: Node | undefined = doc.contents ?? undefined;
      let node: unknown = doc.contents;
      for (const segment of path) {
        if (isMap(node)) {
          const pair = node.items.find(
            p => isScalar(p.key) && p.key.value === segment,
          );
          if (!pair) break;
          target = pair.key as Node;
          node = pair.value;
        } else if (
          isSeq(node) &&
          typeof segment === 'number' &&
          node.items[segment]
        ) {
          node = node.items[segment];
          target = node as Node;
        } else {
          break;
        }
      }
      return position(target?.range?.[0] ?? 0);
    };
    let value: unknown;
    try {
      value = documentData(doc, file);
    } catch (error) {
      // YAML that parses but cannot become data (an alias bomb, or a YAML 1.1
      // merge of a scalar: "Merge sources must be maps or map aliases") is
      // this file's problem, never an exception for the whole fleet.
      problems.push({
        file,
        ...position(doc.contents?.range?.[0] ?? 0),
        field: '',
        ...dataProblem(error),
      });
      return;
    }
    documents.push({ file, index, value, locate });
  });
  return { documents, problems, count: list.length };
}

/** What to say about YAML that parses but cannot become data. */
function dataProblem(error: unknown): { message: string; hint: string } {
  if (isAliasBomb(error))
    return { message: ALIAS_BOMB_MESSAGE, hint: ALIAS_BOMB_HINT };
  if (error instanceof YamlAliasCycleError)
    return { message: ALIAS_CYCLE_MESSAGE, hint: ALIAS_CYCLE_HINT };
  return {
    message: `YAML that cannot be read as data: ${String(
      (error as Error)?.message ?? error,
    )
      .split('\n')[0]
      .slice(0, 200)}`,
    hint: 'Merge keys (<<) may only merge mappings; write the values out.',
  };
}

function yamlErrorMessage(code: string, message: string): string {
  const first = message
    .split('\n')[0]
    .replace(/ at line \d+, column \d+:?$/, '');
  switch (code) {
    case 'DUPLICATE_KEY':
      return 'duplicate key: a mapping may hold each key once';
    case 'BAD_INDENT':
    case 'MISSING_CHAR':
    case 'UNEXPECTED_TOKEN':
      return `YAML syntax error: ${first}`;
    default:
      return `YAML syntax error: ${first}`;
  }
}

function yamlErrorHint(code: string): string {
  switch (code) {
    case 'DUPLICATE_KEY':
      return 'Remove or rename one of the two entries.';
    case 'BAD_INDENT':
      return 'Indent with spaces so that children sit deeper than their parent, and siblings line up.';
    case 'TAB_AS_INDENT':
      return 'YAML does not allow tabs for indentation; use spaces.';
    default:
      return 'Fix the YAML syntax at this position; a YAML linter shows the exact spot.';
  }
}
