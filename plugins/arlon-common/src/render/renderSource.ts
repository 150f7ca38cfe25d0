import { parseAllDocuments, parseDocument } from 'yaml';
import { documentData, YamlAliasError } from '../model/yamlData';

/** Thrown for sources the sandbox cannot render, with a message fit for an Application condition. */
export class UnrenderableSource extends Error {}

/**
 * Renders an Application source path from the fleet repository's files: a
 * plain directory of YAML (recursively when `recurse`), or a kustomization
 * with `resources`, `namePrefix`, `namespace` and `commonLabels`. Helm charts
 * are refused honestly: the sandbox does not run Helm.
 */
export function renderSource(
  files: Map<string, string>,
  path: string,
  recurse: boolean,
): any[] {
  const dir = path.replace(/^\.?\/*/, '').replace(/\/+$/, '');
  const prefix = dir ? `${dir}/` : '';
  if (files.has(`${prefix}Chart.yaml`)) {
    throw new UnrenderableSource(
      `${dir || '.'} is a Helm chart; the sandbox does not render Helm`,
    );
  }
  const kustomization = [
    'kustomization.yaml',
    'kustomization.yml',
    'Kustomization',
  ]
    .map(f => `${prefix}${f}`)
    .find(f => files.has(f));
  if (kustomization)
    return renderKustomization(
      files,
      dir,
      parseKustomization(kustomization, files.get(kustomization)!),
    );
  const names = [...files.keys()].filter(
    f =>
      f.startsWith(prefix) &&
      /\.(ya?ml|json)$/.test(f) &&
      (recurse || !f.slice(prefix.length).includes('/')),
  );
  if (
    names.length === 0 &&
    ![...files.keys()].some(f => f.startsWith(prefix))
  ) {
    throw new UnrenderableSource(`app path does not exist: ${dir}`);
  }
  return names.sort().flatMap(f => parseManifests(f, files.get(f)!));
}

function renderKustomization(
  files: Map<string, string>,
  dir: string,
  k: any,
): any[] {
  const objects: any[] = [];
  for (const resource of k?.resources ?? []) {
    const target = [dir, resource]
      .filter(Boolean)
      .join('/')
      .replace(/\/\.\//g, '/');
    if (files.has(target))
      objects.push(...parseManifests(target, files.get(target)!));
    else if ([...files.keys()].some(f => f.startsWith(`${target}/`)))
      objects.push(...renderSource(files, target, false));
    else
      throw new UnrenderableSource(
        `kustomization in ${dir || '.'}: resource ${resource} not found`,
      );
  }
  for (const o of objects) {
    if (k.namePrefix) o.metadata.name = `${k.namePrefix}${o.metadata.name}`;
    if (k.namespace) o.metadata.namespace = k.namespace;
    if (k.commonLabels)
      o.metadata.labels = { ...o.metadata.labels, ...k.commonLabels };
  }
  return objects;
}

/** A kustomization file as data; one whose aliases expand too far is unrenderable. */
function parseKustomization(file: string, text: string): any {
  try {
    return documentData(parseDocument(text), file);
  } catch (error) {
    if (error instanceof YamlAliasError)
      throw new UnrenderableSource(error.message);
    throw error;
  }
}

function parseManifests(file: string, text: string): any[] {
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
