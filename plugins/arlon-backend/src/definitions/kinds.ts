import {
  type ArlonKind,
  DEFINITION_KIND_BY_SEGMENT,
} from '@arlon-backstage/plugin-arlon-common';
import type { DefinitionOp } from '@arlon-backstage/plugin-arlon-node';

/** URL segments of the REST API and the kinds they serve (the REST contract's table), looked up by any string. */
export const KIND_BY_SEGMENT: Readonly<Record<string, ArlonKind | undefined>> =
  DEFINITION_KIND_BY_SEGMENT;

export type WriteOp = DefinitionOp;
