import type { Entity } from '@backstage/catalog-model';
import {
  type ArlonKind,
  type KindSegment,
  SEGMENT_BY_KIND,
} from '@arlon-backstage/plugin-arlon-common';

/** Each kind's segment of the REST API (the contract's SEGMENT_BY_KIND). */
export const SEGMENT: Readonly<Record<ArlonKind, KindSegment>> =
  SEGMENT_BY_KIND;

/** The Arlon definition an entity stands for: its kind, and its name (the entity's title). */
export function arlonDefinitionOf(
  entity: Entity,
): { kind: ArlonKind; name: string; segment: KindSegment } | undefined {
  const kind = entity.metadata.annotations?.['arlon.io/kind'] as
    | ArlonKind
    | undefined;
  if (!kind || !(kind in SEGMENT)) return undefined;
  return {
    kind,
    name: entity.metadata.title ?? entity.metadata.name,
    segment: SEGMENT[kind],
  };
}

/** Entities the catalog module made from the fleet repository, of one kind. */
export const isArlon = (kind?: ArlonKind) => (entity: Entity) => {
  const def = arlonDefinitionOf(entity);
  return !!def && (!kind || def.kind === kind);
};
