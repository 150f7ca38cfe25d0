import { parseAllDocuments } from 'yaml';
import { documentData, YamlAliasError } from '../model/yamlData';
import { UnrenderableSource } from './UnrenderableSource';

/** The Kubernetes objects of a manifest file (documents with a kind), each with its own metadata. */
export function parseManifests(file: string, text: string): any[] {
  return parseAllDocuments(text)
    .map(d => {
      if (d.errors.length)
        throw new UnrenderableSource(
          `${file}: ${d.errors[0].message.split('\n')[0]}`,
        );
      try {
        return documentData(d, file) as any;
      } catch (error) {
        if (error instanceof YamlAliasError)
          throw new UnrenderableSource(error.message);
        throw error;
      }
    })
    .filter(o => o && typeof o === 'object' && o.kind)
    .map(o => ({ ...o, metadata: { ...o.metadata } }));
}
