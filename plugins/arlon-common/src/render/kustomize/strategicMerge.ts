import { UnrenderableSource } from '../UnrenderableSource';
import { listStrategy } from './listStrategy';
import { setOwn } from './ownKeys';

/** API groups built into Kubernetes: their lists follow Kubernetes' patch strategies. */
const BUILT_IN_GROUP =
  /^(|apps|batch|autoscaling|policy|[a-z0-9-]+\.k8s\.io|[a-z0-9-]+\.authorization\.k8s\.io)$/;

/** Whether an object's kind is built in (a schema kustomize knows) rather than a custom resource. */
export function isBuiltInKind(apiVersion: unknown): boolean {
  if (typeof apiVersion !== 'string') return false;
  const group = apiVersion.includes('/') ? apiVersion.split('/')[0] : '';
  return (
    BUILT_IN_GROUP.test(group) &&
    group !== 'cluster.x-k8s.io' &&
    !group.endsWith('.cluster.x-k8s.io')
  );
}

const MAX_DEPTH = 64;

/**
 * `patch` merged into `target` as kustomize's strategic merge does
 * (kyaml/yaml/merge2/merge2.go over walk/associative_sequence.go, with
 * ListIncreaseDirection Prepend as api/filters/patchstrategicmerge sets it):
 * maps merge field by field, a null removes the field, `$patch: delete`
 * removes the map or list element, `$patch: replace` replaces the map,
 * lists with a merge key merge element by element (the patch's elements
 * first, then the object's others), other lists are replaced. Returns
 * undefined when the patch deletes the whole object. `where` names the patch
 * for errors; values are never quoted in them (a patch may hold a Secret).
 */
export function strategicMerge(target: any, patch: any, where: string): any {
  const builtIn = isBuiltInKind(target?.apiVersion);
  return mergeMap(target, patch, [], { builtIn, where });
}

interface Context {
  builtIn: boolean;
  where: string;
}

function directive(
  patch: any,
  ctx: Context,
  path: string[],
): string | undefined {
  const value = patch?.$patch;
  if (value === undefined) return undefined;
  if (value === 'delete' || value === 'replace' || value === 'merge')
    return value;
  throw new UnrenderableSource(
    `${ctx.where}: \`$patch\` at ${at(path)} must be delete, replace or merge`,
  );
}

function mergeMap(target: any, patch: any, path: string[], ctx: Context): any {
  if (path.length > MAX_DEPTH)
    throw new UnrenderableSource(
      `${ctx.where}: nested deeper than ${MAX_DEPTH} levels`,
    );
  const d = directive(patch, ctx, path);
  if (d === 'delete') return undefined;
  const { $patch: _ignored, ...fields } = patch;
  if (d === 'replace') return stripDirectives(fields, path, ctx);
  const isMap = target && typeof target === 'object' && !Array.isArray(target);
  const result: any = isMap ? { ...target } : {};
  for (const [key, value] of Object.entries(fields)) {
    if (key.startsWith('$'))
      throw new UnrenderableSource(
        `${ctx.where}: the strategic merge directive \`${key.slice(
          0,
          64,
        )}\` at ${at(
          path,
        )} is not supported by Arlon's renderer; write the patch without it or as a JSON 6902 patch`,
      );
    const fieldPath = [...path, key];
    if (value === null) {
      delete result[key];
      continue;
    }
    // Own properties only: target.__proto__ would read Object.prototype.
    const current =
      isMap && Object.prototype.hasOwnProperty.call(target, key)
        ? target[key]
        : undefined;
    let merged: any;
    if (Array.isArray(value))
      merged = mergeList(current, value, fieldPath, ctx);
    else if (typeof value === 'object')
      merged =
        current && typeof current === 'object' && !Array.isArray(current)
          ? mergeMap(current, value, fieldPath, ctx)
          : stripDirectives(value, fieldPath, ctx);
    else merged = value;
    if (merged === undefined) delete result[key];
    else setOwn(result, key, merged);
  }
  return result;
}

function mergeList(
  target: any,
  patch: any[],
  path: string[],
  ctx: Context,
): any {
  const strategy = listStrategy(ctx.builtIn, path);
  const objects = patch.every(
    e => e && typeof e === 'object' && !Array.isArray(e),
  );
  if (
    patch.some(
      e =>
        e &&
        typeof e === 'object' &&
        !Array.isArray(e) &&
        e.$patch === 'replace',
    )
  )
    return patch
      .filter(e => e?.$patch !== 'replace')
      .map(e => stripDirectives(e, path, ctx));
  if (strategy === 'replace' || !Array.isArray(target))
    return stripDirectives(patch, path, ctx);
  if (typeof strategy === 'object' && 'mergeScalars' in strategy)
    return [...new Set([...patch, ...target])];
  if (strategy === 'unknown' || !objects)
    throw new UnrenderableSource(
      `${ctx.where}: the list at ${at(
        path,
      )} needs Kubernetes' merge key for this kind, which Arlon's renderer does not carry; patch it with a JSON 6902 patch (op: replace) instead`,
    );
  const key = strategy.merge;
  const same = (a: any, b: any) =>
    a?.[key] !== undefined && String(a[key]) === String(b?.[key]);
  const result: any[] = [];
  for (const element of patch) {
    if (element[key] === undefined)
      throw new UnrenderableSource(
        `${ctx.where}: an element of the list at ${at(
          path,
        )} has no \`${key}\`, the key its elements merge by`,
      );
    const matching = target.filter(t => same(t, element));
    // Kubernetes merges ports by port and protocol together; with both
    // protocols on one port the renderer cannot tell which one is meant.
    if (matching.length > 1)
      throw new UnrenderableSource(
        `${ctx.where}: the list at ${at(
          path,
        )} has several elements with the same \`${key}\` (different protocols?); Arlon's renderer does not merge those, so patch the list with a JSON 6902 patch instead`,
      );
    const existing = matching[0];
    if (element.$patch === 'delete') continue;
    const merged = existing
      ? mergeMap(existing, element, path, ctx)
      : stripDirectives(element, path, ctx);
    if (merged !== undefined) result.push(merged);
  }
  for (const t of target) if (!patch.some(p => same(p, t))) result.push(t);
  return result;
}

/** A patch value used as it is (nothing to merge into), checked for directives it must not carry. */
function stripDirectives(value: any, path: string[], ctx: Context): any {
  // An element marked for deletion is dropped even where there is nothing to delete it from.
  if (Array.isArray(value))
    return value
      .filter(v => !(v && typeof v === 'object' && v.$patch === 'delete'))
      .map(v => stripDirectives(v, path, ctx));
  if (!value || typeof value !== 'object') return value;
  if (path.length > MAX_DEPTH)
    throw new UnrenderableSource(
      `${ctx.where}: nested deeper than ${MAX_DEPTH} levels`,
    );
  const out: any = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === '$patch') continue;
    if (key.startsWith('$'))
      throw new UnrenderableSource(
        `${ctx.where}: the strategic merge directive \`${key.slice(
          0,
          64,
        )}\` at ${at(
          path,
        )} is not supported by Arlon's renderer; write the patch without it or as a JSON 6902 patch`,
      );
    if (v === null) continue;
    setOwn(out, key, stripDirectives(v, [...path, key], ctx));
  }
  return out;
}

function at(path: string[]): string {
  return path.length ? path.join('.') : 'the top level';
}
