import { parseDocument } from 'yaml';
import { documentData, YamlAliasError } from '../../model/yamlData';
import { parseManifests } from '../manifests';
import { UnrenderableSource } from '../UnrenderableSource';
import {
  type BuildBudget,
  loadKustomization,
  refuseDuplicate,
} from './accumulation';
import { splitApiVersion } from './selector';
import {
  COMMON_ANNOTATIONS,
  COMMON_LABELS,
  addToFields,
} from './commonMetadata';
import { contentHash } from './contentHash';
import { checkKustomizationFields } from './fields';
import { generate } from './generators';
import { setNamespace, setPrefixSuffix } from './identity';
import { setOwn } from './ownKeys';
import { keepWrittenText } from './writtenText';
import { applyImages, parseImageRules } from './images';
import { renameReferences, Rename } from './nameReferences';
import {
  applyPatch,
  ObjectId,
  parseJson6902Patches,
  parsePatches,
  parseStrategicMergePatches,
} from './patches';

/** An object being built, with what kustomize remembers about it. */
interface Resource {
  object: any;
  /** Generated with a content-hash name suffix still to add (at the top kustomization). */
  needsHash: boolean;
  /**
   * Every name and namespace it has had, the first when it was loaded or
   * generated: a patch may name the object by any of them (resmap GetById
   * matches previous ids, StorePreviousId), and references to it say them.
   */
  ids: ObjectId[];
}

/** Renders a directory that holds no kustomization (a plain directory of manifests). */
export type RenderDirectory = (dir: string) => any[];

export const KUSTOMIZATION_FILES = [
  'kustomization.yaml',
  'kustomization.yml',
  'Kustomization',
];
export const MAX_KUSTOMIZATION_DEPTH = 20;

/**
 * `kustomize build` of the kustomization `file` in `dir`, over the fleet
 * repository's files: resources, generators, then transformers in
 * kustomize's order (api/internal/target/kusttarget_configplugin.go:
 * patchesStrategicMerge, patches, namespace, namePrefix/nameSuffix,
 * commonLabels, commonAnnotations, patchesJson6902, images), and at the top
 * only, as makeCustomizedResMap does, content hashes on generated names and
 * references renamed.
 */
export function buildKustomization(
  files: Map<string, string>,
  dir: string,
  file: string,
  renderDirectory: RenderDirectory,
): any[] {
  const resources = accumulate(files, dir, file, renderDirectory, 0, {
    kustomizations: 0,
    generated: 0,
  });
  const renames: Rename[] = [];
  for (const r of resources) {
    const o = r.object;
    if (r.needsHash) o.metadata.name = `${o.metadata.name}-${contentHash(o)}`;
    const now = { name: o.metadata.name, namespace: o.metadata.namespace };
    if (
      r.ids.some(id => id.name !== now.name || id.namespace !== now.namespace)
    )
      renames.push({
        kind: o.kind,
        group: splitApiVersion(o.apiVersion)[0],
        was: r.ids,
        now,
      });
  }
  for (const r of resources) renameReferences(r.object, renames);
  return resources.map(r => r.object);
}

function accumulate(
  files: Map<string, string>,
  dir: string,
  file: string,
  renderDirectory: RenderDirectory,
  depth: number,
  budget: BuildBudget,
): Resource[] {
  if (depth > MAX_KUSTOMIZATION_DEPTH)
    throw new UnrenderableSource(
      `${file}: kustomizations nest deeper than ${MAX_KUSTOMIZATION_DEPTH} levels`,
    );
  loadKustomization(budget, file);
  const k = parseKustomization(file, files.get(file)!) ?? {};
  checkKustomizationFields(file, k);
  const resources: Resource[] = [];
  const seen = new Set<string>();
  const add = (object: any, needsHash = false) => {
    if (
      !object.metadata ||
      typeof object.metadata !== 'object' ||
      Array.isArray(object.metadata)
    )
      object.metadata = {};
    refuseDuplicate(seen, object, file);
    resources.push({
      object,
      needsHash,
      ids: [
        { name: object.metadata.name, namespace: object.metadata.namespace },
      ],
    });
  };
  for (const ref of [
    ...stringList(k.resources, file, 'resources'),
    ...stringList(k.bases, file, 'bases'),
  ]) {
    if (
      ref.split('/').includes('..') ||
      ref.startsWith('/') ||
      /^[a-z][a-z0-9+.-]*:/i.test(ref)
    )
      throw new UnrenderableSource(
        `${file}: resource ${JSON.stringify(
          ref.slice(0, 200),
        )} is outside the bundle's directory; Arlon's renderer reads only the bundle's own tree (move the base inside it, or compare against a live cluster where ArgoCD has applied it)`,
      );
    const target = [dir, ref]
      .filter(Boolean)
      .join('/')
      .replace(/\/\.\//g, '/');
    const nested = files.has(`${target}/Chart.yaml`)
      ? undefined
      : KUSTOMIZATION_FILES.map(f => `${target}/${f}`).find(f => files.has(f));
    if (files.has(target))
      parseManifests(target, files.get(target)!).forEach(o => add(o));
    else if (nested)
      for (const r of accumulate(
        files,
        target,
        nested,
        renderDirectory,
        depth + 1,
        budget,
      )) {
        refuseDuplicate(seen, r.object, file);
        resources.push(r);
      }
    else {
      // Searched for among every file: counted like a kustomization.
      loadKustomization(budget, file);
      if (![...files.keys()].some(f => f.startsWith(`${target}/`)))
        throw new UnrenderableSource(
          `kustomization in ${dir || '.'}: resource ${ref} not found`,
        );
      renderDirectory(target).forEach(o => add(o));
    }
  }
  if (k.configMapGenerator !== undefined)
    generate(
      'ConfigMap',
      k.configMapGenerator,
      k.generatorOptions,
      files,
      dir,
      file,
      budget,
    ).forEach(g => add(g.object, g.needsHash));
  if (k.secretGenerator !== undefined)
    generate(
      'Secret',
      k.secretGenerator,
      k.generatorOptions,
      files,
      dir,
      file,
      budget,
    ).forEach(g => add(g.object, g.needsHash));

  if (k.patchesStrategicMerge !== undefined)
    for (const p of parseStrategicMergePatches(
      k.patchesStrategicMerge,
      files,
      dir,
      file,
    ))
      applyPatch(resources, p);
  if (k.patches !== undefined)
    for (const p of parsePatches(k.patches, files, dir, file))
      applyPatch(resources, p);
  const namespace = optionalString(k.namespace, file, 'namespace');
  const prefix = optionalString(k.namePrefix, file, 'namePrefix');
  const suffix = optionalString(k.nameSuffix, file, 'nameSuffix');
  for (const r of resources) {
    const o = r.object;
    if (namespace || prefix || suffix)
      r.ids.push({ name: o.metadata.name, namespace: o.metadata.namespace });
    if (namespace) setNamespace(o, namespace);
    if (prefix || suffix) setPrefixSuffix(o, prefix, suffix);
    if (k.commonLabels)
      addToFields(
        o,
        COMMON_LABELS,
        stringMap(k.commonLabels, file, 'commonLabels'),
      );
    if (k.commonAnnotations)
      addToFields(
        o,
        COMMON_ANNOTATIONS,
        stringMap(k.commonAnnotations, file, 'commonAnnotations'),
      );
  }
  if (k.patchesJson6902 !== undefined)
    for (const p of parseJson6902Patches(k.patchesJson6902, files, dir, file))
      applyPatch(resources, p);
  if (k.images !== undefined) {
    const rules = parseImageRules(file, k.images);
    for (const r of resources) applyImages(r.object, rules);
  }
  return resources;
}

function optionalString(value: unknown, file: string, field: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string')
    throw new UnrenderableSource(`${file}: \`${field}\` must be a string`);
  return value;
}

function stringList(value: unknown, file: string, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some(v => typeof v !== 'string'))
    throw new UnrenderableSource(
      `${file}: \`${field}\` must be a list of paths`,
    );
  return value;
}

function stringMap(
  value: unknown,
  file: string,
  field: string,
): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new UnrenderableSource(
      `${file}: \`${field}\` must map names to strings`,
    );
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === 'object' && v !== null)
      throw new UnrenderableSource(
        `${file}: ${field}.${key.slice(0, 64)} must be a string`,
      );
    // A Go map[string]string reads a YAML null as "".
    setOwn(out, key, v === null || v === undefined ? '' : String(v));
  }
  return out;
}

/** A kustomization file as data; one whose aliases expand too far is unrenderable. */
function parseKustomization(file: string, text: string): any {
  try {
    const doc = parseDocument(text);
    const data = documentData(doc, file);
    keepWrittenText(doc, data);
    return data;
  } catch (error) {
    if (error instanceof YamlAliasError)
      throw new UnrenderableSource(error.message);
    throw error;
  }
}
