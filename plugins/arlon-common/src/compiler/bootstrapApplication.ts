import { parseAllDocuments } from 'yaml';
import { documentData } from '../model/yamlData';

/** What a generated bootstrap file holds: the `arlon-fleet` Application, or why not. */
export type BootstrapApplicationRead =
  | { application: any; unreadable?: undefined }
  | { application?: undefined; unreadable: boolean };

/**
 * The `arlon-fleet` Application in the text of the generated bootstrap file
 * (`file` names it in YAML errors). The file is data from a repository:
 * documents that do not parse are skipped, and one that parses but cannot be
 * made data (an alias bomb; a YAML 1.1 merge of a scalar) makes the file
 * unreadable instead of crashing. Shared by the readers of what the tree
 * records (compile options, fleet format), so they agree on which object
 * they read.
 */
export function bootstrapApplicationIn(
  text: string,
  file: string,
): BootstrapApplicationRead {
  try {
    const application = parseAllDocuments(text)
      .filter(doc => doc.errors.length === 0)
      .map(doc => documentData(doc, file) as any)
      .find(
        data =>
          data?.kind === 'Application' &&
          data?.metadata?.name === 'arlon-fleet',
      );
    return application ? { application } : { unreadable: false };
  } catch {
    // Only the yaml library throws here, and only about the data.
    return { unreadable: true };
  }
}
