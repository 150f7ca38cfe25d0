import { buildKustomization, KUSTOMIZATION_FILES } from './kustomize/build';
import { parseManifests } from './manifests';
import { UnrenderableSource } from './UnrenderableSource';

export { UnrenderableSource };

/**
 * Renders an Application source path from the fleet repository's files: a
 * plain directory of YAML (recursively when `recurse`), or a kustomization
 * (see kustomize/build.ts for the fields it implements; any other field is
 * refused by name). Helm charts are refused honestly: the sandbox does not
 * run Helm.
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
  const kustomization = KUSTOMIZATION_FILES.map(f => `${prefix}${f}`).find(f =>
    files.has(f),
  );
  if (kustomization)
    return buildKustomization(files, dir, kustomization, target =>
      renderSource(files, target, false),
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
