import type { Rendered } from '../render/renderBundle';
import { diffObjects, identifyObject } from './diffObjects';
import { FileState, fileState } from './liveState';
import { describeUncounted, uncountedLiveFields } from './liveOnlyFields';
import type { DiffSection } from './report';
import { scopeFromObjects } from './scope';
import {
  attachBundles,
  compareRendered,
  duplicateNotes,
  section,
} from './sections';

const SERVER_METADATA =
  'uid, resourceVersion, managedFields, creationTimestamp';

/**
 * Two sets of objects read from files (`arlon diff <left> <right>`). A side
 * whose every object carries server metadata is live state saved from a
 * cluster (`kubectl get -o yaml`, an ArgoCD live manifest) and is compared
 * as the client-side pre-flight compares a cluster: against the other side
 * with the three-way rule, so API server defaults and controller-set fields
 * are not differences, and its objects the other side does not name are
 * left out. Two live sides are compared exactly, without the fields each
 * cluster assigns itself; two sides of manifests field by field
 * (compareRendered).
 *
 * @public
 */
export function compareFiles(
  title: string,
  left: Rendered,
  right: Rendered,
): DiffSection {
  const states = {
    left: fileState(left.objects.map(r => r.object)),
    right: fileState(right.objects.map(r => r.object)),
  };
  const mixed = [
    ...mixedNote('left', states.left),
    ...mixedNote('right', states.right),
  ];
  const leftLive = states.left.kind === 'live';
  const rightLive = states.right.kind === 'live';
  if (!leftLive && !rightLive) {
    const exact = compareRendered(title, left, right);
    return { ...exact, notes: [...exact.notes, ...mixed] };
  }
  const all = [...left.objects, ...right.objects];
  const options = {
    defaultNamespace: 'default',
    isNamespaced: scopeFromObjects(all.map(r => r.object)),
  };
  const notes = [
    ...new Set([
      ...left.notes,
      ...right.notes,
      ...duplicateNotes(left, 'the left side', options),
      ...duplicateNotes(right, 'the right side', options),
      ...mixed,
    ]),
  ];
  if (leftLive && rightLive) {
    const objects = diffObjects(
      right.objects.map(r => r.object),
      left.objects.map(r => r.object),
      // No manifest is known, so every field a cluster assigns itself is left out.
      { ...options, exact: true, prune: true, declared: [] },
    );
    return section({
      title,
      method: 'exact',
      notes: [
        ...notes,
        `both sides carry server metadata (${SERVER_METADATA}): compared as two live states, every field counting except status, server metadata and the fields each cluster assigns itself (cluster IPs, node ports, a Job's selector)`,
      ],
      objects: attachBundles(objects, all, options),
    });
  }
  const [live, desired, side] = leftLive
    ? [left, right, 'left']
    : [right, left, 'right'];
  const objects = diffObjects(
    desired.objects.map(r => r.object),
    live.objects.map(r => r.object),
    options,
  );
  // Server metadata in a file is only a claim: what the three-way rule
  // leaves out is named, so a file made to look live hides nothing.
  const uncounted = uncountedLiveFields(
    objects,
    diffObjects(
      desired.objects.map(r => r.object),
      live.objects.map(r => r.object),
      { ...options, exact: true },
    ),
  );
  const keyOf = (o: Rendered['objects'][number]) =>
    identifyObject(o.object, options).key;
  const named = new Set(desired.objects.map(keyOf));
  const liveOnly = new Set(live.objects.map(keyOf).filter(k => !named.has(k)))
    .size;
  return section({
    title,
    method: 'client-side',
    notes: [
      ...notes,
      `the ${side} side carries server metadata (${SERVER_METADATA}): it is compared as live state, as the pre-flight compares a cluster client-side, and every change reads from it to the other side: fields only it has (API server defaults, status, fields controllers set) are not differences unless its last-applied configuration had them`,
      ...(liveOnly
        ? [
            `${liveOnly} object(s) only in the live state are not compared: the other side does not name them (a pre-flight never deletes what it does not name)`,
          ]
        : []),
      ...(uncounted.length
        ? [
            `fields only the ${side} side has are not counted as changes: ${describeUncounted(
              uncounted,
            )}. From a cluster these are API server defaults and fields controllers set; if the ${side} side is a file written by hand, remove its server metadata (${SERVER_METADATA}) to compare every field`,
          ]
        : []),
    ],
    objects: attachBundles(objects, desired.objects, options),
  });
}

function mixedNote(side: string, state: FileState): string[] {
  if (state.kind !== 'mixed') return [];
  return [
    `the ${side} side mixes live state and manifests (${state.live} of ${state.total} objects carry server metadata: ${SERVER_METADATA}): compared as manifests, field by field, so server defaults count as changes; save live state whole (kubectl get -o yaml) to compare it as live`,
  ];
}
