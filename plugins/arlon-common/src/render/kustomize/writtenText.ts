import { Document, isMap, isScalar, isSeq } from 'yaml';
import { setOwn } from './ownKeys';

/**
 * Puts back the text of numbers and booleans written where kustomize
 * expects a string. kustomize reads its fields into Go strings through
 * sigs.k8s.io/yaml, which keeps the scalar as written: `newTag: 1.20` is the
 * tag "1.20", not the number 1.2, and `version: 010` in commonLabels stays
 * "010". The yaml library's plain data would lose that text.
 */
export function keepWrittenText(doc: Document, k: any): void {
  if (!k || typeof k !== 'object' || Array.isArray(k)) return;
  for (const field of ['namePrefix', 'nameSuffix', 'namespace'])
    restore(doc, [field], k, field);
  for (const field of ['commonLabels', 'commonAnnotations'])
    restoreMap(doc, [field], k[field]);
  restoreMap(doc, ['generatorOptions', 'labels'], k.generatorOptions?.labels);
  restoreMap(
    doc,
    ['generatorOptions', 'annotations'],
    k.generatorOptions?.annotations,
  );
  const images = doc.getIn(['images'], true);
  if (isSeq(images) && Array.isArray(k.images))
    images.items.forEach((_, i) => {
      for (const field of ['name', 'newName', 'newTag', 'digest', 'tagSuffix'])
        if (k.images[i] && typeof k.images[i] === 'object')
          restore(doc, ['images', i, field], k.images[i], field);
    });
  for (const generator of ['configMapGenerator', 'secretGenerator']) {
    const list = doc.getIn([generator], true);
    if (isSeq(list) && Array.isArray(k[generator]))
      list.items.forEach((_, i) => {
        const options = k[generator][i]?.options;
        restoreMap(doc, [generator, i, 'options', 'labels'], options?.labels);
        restoreMap(
          doc,
          [generator, i, 'options', 'annotations'],
          options?.annotations,
        );
      });
  }
}

function restore(
  doc: Document,
  path: (string | number)[],
  holder: any,
  key: string,
): void {
  const node = doc.getIn(path, true);
  if (
    isScalar(node) &&
    typeof node.value !== 'string' &&
    node.value !== null &&
    typeof node.source === 'string'
  )
    setOwn(holder, key, node.source);
}

function restoreMap(
  doc: Document,
  path: (string | number)[],
  holder: any,
): void {
  const node = doc.getIn(path, true);
  if (
    !isMap(node) ||
    !holder ||
    typeof holder !== 'object' ||
    Array.isArray(holder)
  )
    return;
  for (const pair of node.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
    if (key !== undefined && Object.prototype.hasOwnProperty.call(holder, key))
      restore(doc, [...path, key], holder, key);
  }
}
