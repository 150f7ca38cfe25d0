import { parseAllDocuments } from 'yaml';
import { documentData, YamlAliasError } from '../../model/yamlData';
import { UnrenderableSource } from '../UnrenderableSource';
import { resolveKustomizeFile } from './files';
import {
  applyJsonPatch,
  JsonPatchOperation,
  parseJsonPatch,
} from './jsonPatch';
import { parseTarget, PatchTarget, selects, splitApiVersion } from './selector';
import { strategicMerge } from './strategicMerge';

/** A patch ready to apply: strategic merge documents or JSON 6902 operations, and its target. */
export type Patch =
  | { type: 'strategic'; documents: any[]; target?: PatchTarget; where: string }
  | {
      type: 'json6902';
      operations: JsonPatchOperation[];
      target: PatchTarget;
      where: string;
    };

export const MAX_PATCHES = 500;

/** A name and namespace an object had before a kustomization renamed or moved it. */
export interface ObjectId {
  name: string;
  namespace?: string;
}

/** The `patches` list (api/internal/builtins/PatchTransformer.go), each entry loaded and typed. */
export function parsePatches(
  value: unknown,
  files: Map<string, string>,
  dir: string,
  file: string,
): Patch[] {
  return entries(value, `${file}: \`patches\``).map((entry, i) => {
    const where = `${file}: patches[${i}]`;
    if (!entry || typeof entry !== 'object' || Array.isArray(entry))
      throw new UnrenderableSource(
        `${where} must be a mapping with path or patch`,
      );
    for (const key of Object.keys(entry))
      if (!['path', 'patch', 'target', 'options'].includes(key))
        throw new UnrenderableSource(
          `${where}: \`${key.slice(
            0,
            64,
          )}\` is not a patch field (path, patch, target)`,
        );
    if (entry.options !== undefined)
      throw new UnrenderableSource(
        `${where}: options (allowNameChange, allowKindChange) are not supported by Arlon's renderer; rename the object in its own manifest`,
      );
    const target =
      entry.target === undefined ? undefined : parseTarget(entry.target, where);
    const { text, source } = patchText(entry, files, dir, where);
    const parsed = parsePatchText(text, source);
    if (parsed.type === 'json6902') {
      if (!target)
        throw new UnrenderableSource(
          `${source}: a JSON 6902 patch needs a target (kind, name, ...)`,
        );
      return { ...parsed, target };
    }
    if (target && parsed.documents.length > 1)
      throw new UnrenderableSource(
        `${source}: a patch with a target holds one strategic merge document, not ${parsed.documents.length}`,
      );
    return { ...parsed, target };
  });
}

/** The older `patchesStrategicMerge`: file paths or inline documents, each applied to the object it names. */
export function parseStrategicMergePatches(
  value: unknown,
  files: Map<string, string>,
  dir: string,
  file: string,
): Patch[] {
  return entries(value, `${file}: \`patchesStrategicMerge\``).map(
    (entry, i) => {
      const where = `${file}: patchesStrategicMerge[${i}]`;
      if (typeof entry !== 'string')
        throw new UnrenderableSource(
          `${where} must be a file path or an inline patch`,
        );
      // kustomize tries the entry as a file first, then as inline YAML.
      const inline = entry.includes('\n') || entry.includes(':');
      const { text, source } = inline
        ? { text: entry, source: where }
        : loaded(files, dir, entry, where);
      const parsed = parsePatchText(text, source);
      if (parsed.type !== 'strategic')
        throw new UnrenderableSource(
          `${source}: expected a strategic merge patch (an object), found a list of operations`,
        );
      return parsed;
    },
  );
}

/** The older `patchesJson6902`: a target and a file or inline list of operations. */
export function parseJson6902Patches(
  value: unknown,
  files: Map<string, string>,
  dir: string,
  file: string,
): Patch[] {
  return entries(value, `${file}: \`patchesJson6902\``).map((entry, i) => {
    const where = `${file}: patchesJson6902[${i}]`;
    if (
      !entry ||
      typeof entry !== 'object' ||
      Array.isArray(entry) ||
      entry.target === undefined
    )
      throw new UnrenderableSource(
        `${where} must be a mapping with target and path or patch`,
      );
    for (const key of Object.keys(entry))
      if (!['path', 'patch', 'target'].includes(key))
        throw new UnrenderableSource(
          `${where}: \`${key.slice(
            0,
            64,
          )}\` is not a patchesJson6902 field (path, patch, target)`,
        );
    const target = parseTarget(entry.target, where);
    const { text, source } = patchText(entry, files, dir, where);
    const parsed = parsePatchText(text, source);
    if (parsed.type !== 'json6902')
      throw new UnrenderableSource(
        `${source}: expected a list of JSON 6902 operations`,
      );
    return { ...parsed, target };
  });
}

/**
 * Applies one patch to the objects, as kustomize does: a strategic merge
 * patch without a target goes to the object of its apiVersion, kind, name and
 * namespace (and it is an error if there is none); with a target, to every
 * selected object, taking the object's identity; a JSON 6902 patch to every
 * selected object. A selection of nothing is not an error (Select in
 * api/resmap/reswrangler.go).
 */
export function applyPatch(
  objects: { object: any; ids?: ObjectId[] }[],
  patch: Patch,
): void {
  if (patch.type === 'json6902') {
    for (const r of objects)
      if (selects(patch.target, r.object))
        r.object = stillAnObject(
          applyJsonPatch(r.object, patch.operations, patch.where),
          patch.where,
        );
    return;
  }
  for (const document of patch.documents) {
    const selected = patch.target
      ? objects.filter(r => selects(patch.target!, r.object))
      : objects.filter(r =>
          [
            r.object,
            ...(r.ids ?? []).map(id => ({ ...r.object, metadata: id })),
          ].some(o => sameId(o, document)),
        );
    if (!patch.target && selected.length === 0)
      throw new UnrenderableSource(
        `${
          patch.where
        }: no resource matches the strategic merge patch for ${String(
          document.kind,
        ).slice(0, 64)} ${String(document.metadata?.name).slice(
          0,
          253,
        )}; check its apiVersion, kind, name and namespace`,
      );
    for (const r of selected) {
      const identity = {
        apiVersion: r.object.apiVersion,
        kind: r.object.kind,
        metadata: {
          ...document.metadata,
          name: r.object.metadata?.name,
          namespace: r.object.metadata?.namespace,
        },
      };
      if (identity.metadata.namespace === undefined)
        delete identity.metadata.namespace;
      const merged = strategicMerge(
        r.object,
        { ...document, ...identity },
        patch.where,
      );
      r.object = merged;
    }
  }
  for (let i = objects.length - 1; i >= 0; i--)
    if (objects[i].object === undefined) objects.splice(i, 1);
    else stillAnObject(objects[i].object, patch.where);
}

/** A patch may not leave something that is no Kubernetes object (a number, metadata a list). */
function stillAnObject(o: any, where: string): any {
  const isMap = (v: unknown) =>
    !!v && typeof v === 'object' && !Array.isArray(v);
  if (!isMap(o) || !isMap(o.metadata))
    throw new UnrenderableSource(
      `${where}: the patch leaves an object without a metadata mapping; patch fields inside the object instead`,
    );
  return o;
}

/** Same apiVersion's group and version, kind, name, and namespace ("" and default alike, as resid.go). */
function sameId(o: any, patch: any): boolean {
  const [g1, v1] = splitApiVersion(o.apiVersion);
  const [g2, v2] = splitApiVersion(patch.apiVersion);
  const ns = (x: any) => (x?.metadata?.namespace || 'default') as string;
  return (
    g1 === g2 &&
    v1 === v2 &&
    o.kind === patch.kind &&
    o.metadata?.name === patch.metadata?.name &&
    ns(o) === ns(patch)
  );
}

function entries(value: unknown, where: string): any[] {
  if (!Array.isArray(value))
    throw new UnrenderableSource(`${where} must be a list`);
  if (value.length > MAX_PATCHES)
    throw new UnrenderableSource(`${where}: more than ${MAX_PATCHES} patches`);
  return value;
}

function patchText(
  entry: any,
  files: Map<string, string>,
  dir: string,
  where: string,
): { text: string; source: string } {
  const hasPatch = typeof entry.patch === 'string' && entry.patch.trim() !== '';
  const hasPath = entry.path !== undefined && entry.path !== '';
  if (entry.patch !== undefined && typeof entry.patch !== 'string')
    throw new UnrenderableSource(
      `${where}: patch must be a string (write it as a block, patch: |-)`,
    );
  if (hasPatch && hasPath)
    throw new UnrenderableSource(
      `${where}: patch and path can't be set at the same time`,
    );
  if (!hasPatch && !hasPath)
    throw new UnrenderableSource(
      `${where}: must specify one of patch and path`,
    );
  return hasPatch
    ? { text: entry.patch, source: where }
    : loaded(files, dir, entry.path, where);
}

function loaded(
  files: Map<string, string>,
  dir: string,
  path: unknown,
  where: string,
) {
  const file = resolveKustomizeFile(files, dir, path, where);
  return { text: file.text, source: file.path };
}

/**
 * A patch's text typed as kustomize types it: a list of operations (JSON,
 * or YAML, kustomize's jsonPatchFromBytes) is JSON 6902; mapping documents
 * are strategic merge patches.
 */
export function parsePatchText(
  text: string,
  source: string,
):
  | { type: 'strategic'; documents: any[]; where: string }
  | { type: 'json6902'; operations: JsonPatchOperation[]; where: string } {
  const documents = parseAllDocuments(text)
    .map(d => {
      if (d.errors.length)
        throw new UnrenderableSource(
          `${source}: ${d.errors[0].message.split('\n')[0]}`,
        );
      try {
        return documentData(d, source) as any;
      } catch (error) {
        if (error instanceof YamlAliasError)
          throw new UnrenderableSource(error.message);
        throw error;
      }
    })
    .filter(d => d !== null && d !== undefined);
  if (documents.length === 1 && Array.isArray(documents[0]))
    return {
      type: 'json6902',
      operations: parseJsonPatch(documents[0], source),
      where: source,
    };
  if (
    documents.length === 0 ||
    documents.some(d => typeof d !== 'object' || Array.isArray(d))
  )
    throw new UnrenderableSource(
      `${source}: unable to parse a strategic merge or JSON 6902 patch; a patch is an object (strategic merge) or a list of operations (JSON 6902)`,
    );
  return { type: 'strategic', documents, where: source };
}
