import { LineCounter, parseAllDocuments } from 'yaml';
import type { Problem } from './Problem';
import {
  ALIAS_BOMB_HINT,
  ALIAS_BOMB_MESSAGE,
  documentData,
  isAliasBomb,
} from '../model/yamlData';

/**
 * What is wrong with a file of Kubernetes manifests (an inline bundle's):
 * YAML that does not parse, and documents that are not objects with
 * apiVersion, kind and metadata.name, each at its line.
 */
export function manifestProblems(file: string, text: string): Problem[] {
  const lineCounter = new LineCounter();
  const problems: Problem[] = [];
  for (const doc of parseAllDocuments(text, { lineCounter })) {
    const at = (offset: number) => lineCounter.linePos(offset);
    if (doc.errors.length) {
      const { line, col } = at(doc.errors[0].pos[0]);
      problems.push({
        file,
        line,
        column: col,
        field: '',
        message: `not valid YAML: ${doc.errors[0].message.split('\n')[0]}`,
      });
      continue;
    }
    let value: any;
    try {
      value = documentData(doc, file);
    } catch (error) {
      if (!isAliasBomb(error)) throw error;
      const { line, col } = at(doc.contents?.range?.[0] ?? doc.range[0]);
      problems.push({
        file,
        line,
        column: col,
        field: '',
        message: ALIAS_BOMB_MESSAGE,
        hint: ALIAS_BOMB_HINT,
      });
      continue;
    }
    // An empty document: the yaml library makes it null (never undefined).
    if (value === null) continue;
    const { line, col } = at(doc.contents?.range?.[0] ?? doc.range[0]);
    const missing = ['apiVersion', 'kind', 'metadata.name'].filter(
      path =>
        path.split('.').reduce<any>((o, k) => o?.[k], value) === undefined,
    );
    // A scalar or a list has none of these fields, so it is refused here too.
    if (missing.length)
      problems.push({
        file,
        line,
        column: col,
        field: missing[0],
        message: `a Kubernetes object needs ${missing.join(', ')}`,
        hint: 'Each document of a bundle manifest is one Kubernetes object.',
      });
  }
  return problems;
}
