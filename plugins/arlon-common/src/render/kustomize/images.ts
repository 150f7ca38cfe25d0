import { UnrenderableSource } from '../UnrenderableSource';

/** One `images` entry of a kustomization (api/types/image.go). */
export interface ImageRule {
  name: string;
  newName?: string;
  newTag?: string;
  digest?: string;
  tagSuffix?: string;
}

const RULE_FIELDS = new Set([
  'name',
  'newName',
  'newTag',
  'digest',
  'tagSuffix',
]);

/** The `images` list checked: each entry a mapping of strings with a `name`. */
export function parseImageRules(file: string, images: unknown): ImageRule[] {
  if (!Array.isArray(images))
    throw new UnrenderableSource(`${file}: \`images\` must be a list`);
  return images.map((entry, i) => {
    const where = `${file}: images[${i}]`;
    if (!entry || typeof entry !== 'object' || Array.isArray(entry))
      throw new UnrenderableSource(`${where} must be a mapping with a name`);
    for (const [key, value] of Object.entries(entry)) {
      if (!RULE_FIELDS.has(key))
        throw new UnrenderableSource(
          `${where}: \`${key.slice(
            0,
            64,
          )}\` is not an image field (name, newName, newTag, digest, tagSuffix)`,
        );
      // kustomize reads newTag: 1.20 as the string "1.20"; YAML made it a number.
      if (typeof value === 'number') (entry as any)[key] = String(value);
      else if (typeof value !== 'string')
        throw new UnrenderableSource(`${where}.${key} must be a string`);
    }
    if (!(entry as any).name)
      throw new UnrenderableSource(`${where} has no name`);
    return entry as ImageRule;
  });
}

/**
 * Splits an image reference into name, tag and digest as kustomize does
 * (api/internal/image/image.go Split): the tag's colon is searched after the
 * first slash, so a registry port (`host:5000/app`) is not a tag.
 */
export function splitImage(image: string): {
  name: string;
  tag: string;
  digest: string;
} {
  let slash = image.indexOf('/');
  const search = slash > 0 ? image.slice(slash) : image;
  if (slash <= 0) slash = 0;
  let at = search.indexOf('@');
  let colon = search.indexOf(':');
  if (colon < 0 && at < 0) return { name: image, tag: '', digest: '' };
  if (at >= 0 && (at < colon || colon < 0)) {
    at += slash;
    return { name: image.slice(0, at), tag: '', digest: image.slice(at + 1) };
  }
  if (at >= 0 && colon >= 0) {
    at += slash;
    colon += slash;
    return {
      name: image.slice(0, colon),
      tag: image.slice(colon + 1, at),
      digest: image.slice(at + 1),
    };
  }
  colon += slash;
  return {
    name: image.slice(0, colon),
    tag: image.slice(colon + 1),
    digest: '',
  };
}

// kustomize matches `^<name>(:tag)?(@digest)?$` (image.go IsImageMatched),
// with the name as a regular expression; Arlon matches the name literally,
// so that a name cannot make the renderer backtrack for ever.
const TAG =
  /^(:[a-zA-Z0-9_.{}-]*)?(@[a-zA-Z0-9]+([.+_-][a-zA-Z0-9]+)*:[a-zA-Z0-9_.{}-]*)?$/;

/** Whether the rule's name selects `image` (kustomize's IsImageMatched, name taken literally). */
export function imageMatches(image: string, name: string): boolean {
  return image.startsWith(name) && TAG.test(image.slice(name.length));
}

/** The image `rule` makes of `image` (api/filters/imagetag/updater.go SetImageValue). */
export function applyImageRule(image: string, rule: ImageRule): string {
  if (!imageMatches(image, rule.name)) return image;
  let { name, tag, digest } = splitImage(image);
  if (rule.newName) name = rule.newName;
  if (rule.newTag && rule.digest) {
    tag = rule.newTag;
    digest = rule.digest;
  } else if (rule.newTag) {
    tag = rule.newTag;
    digest = '';
  } else if (rule.digest) {
    tag = '';
    digest = rule.digest;
  } else if (rule.tagSuffix) {
    tag += rule.tagSuffix;
    digest = '';
  }
  return `${name}${tag ? `:${tag}` : ''}${digest ? `@${digest}` : ''}`;
}

/**
 * Applies the rules to an object as kustomize's ImageTagTransformer does:
 * the `image` of every element of any `containers` or `initContainers` list
 * at any depth (imagetag/legacy.go), and image volumes' `image.reference`
 * in a pod spec or pod template (builtinpluginconsts/images.go).
 * CustomResourceDefinitions are left alone, as kustomize leaves them.
 */
export function applyImages(object: any, rules: ImageRule[]): void {
  if (object?.kind === 'CustomResourceDefinition' || rules.length === 0) return;
  const update = (holder: any, key: string) => {
    if (typeof holder?.[key] !== 'string') return;
    for (const rule of rules) holder[key] = applyImageRule(holder[key], rule);
  };
  walk(object, 0, (key, value) => {
    if (
      (key === 'containers' || key === 'initContainers') &&
      Array.isArray(value)
    )
      for (const c of value) update(c, 'image');
  });
  for (const spec of [object?.spec, object?.spec?.template?.spec])
    if (Array.isArray(spec?.volumes))
      for (const v of spec.volumes) update(v?.image, 'reference');
}

function walk(
  node: any,
  depth: number,
  visit: (key: string, value: any) => void,
) {
  if (depth > 100 || !node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) walk(item, depth + 1, visit);
    return;
  }
  for (const [key, value] of Object.entries(node)) {
    walk(value, depth + 1, visit);
    visit(key, value);
  }
}
