import { InputError } from '@backstage/errors';
import type { SpecBody } from './specTarget';

/** What a node pool change asks for; absent fields keep the pool's value. */
export interface NodePoolChange {
  replicas?: unknown;
  /** `{ min, max }` to autoscale between, `null` to stop autoscaling. */
  autoscaling?: unknown;
  machineType?: unknown;
}

/**
 * Kubernetes' documented scale limit is 5,000 nodes per cluster: a pool
 * beyond it is a typo, and refusing it keeps a huge number out of the
 * rendered objects.
 */
export const MAX_POOL_SIZE = 5000;
/** Longer than any provider's machine type or node image reference. */
const MAX_MACHINE_TYPE_LENGTH = 255;
/** Instance types (m6i.large, Standard_D4s_v5) and image references (kindest/node:v1.30.0, …@sha256:…). */
const MACHINE_TYPE = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$/;

type Pool = SpecBody['nodePools'][number];

/**
 * The spec body with one node pool changed, checked field by field (the
 * fleet's own validation then checks the rest: min ≤ max, replicas within
 * the range, a provider that maps machineType). `where` is the file and the
 * body's field path, for messages.
 */
export function changeNodePool(
  body: SpecBody,
  where: { file: string; field: string },
  poolName: string,
  change: NodePoolChange,
): { body: SpecBody; notes: string[] } {
  const index = body.nodePools.findIndex(p => p.name === poolName);
  const at = `${where.file}: ${where.field}.nodePools`;
  if (index < 0)
    throw new InputError(
      `${at} has no pool named "${poolName}" (its pools: ${
        body.nodePools.map(p => p.name).join(', ') || 'none'
      })`,
    );
  const field = (name: string) => `${at}[${index}].${name}`;
  if (
    change.replicas === undefined &&
    change.autoscaling === undefined &&
    change.machineType === undefined
  )
    throw new InputError(
      'Give what to change: "replicas", "autoscaling" ({ min, max }, or null to stop autoscaling) or "machineType"',
    );
  const pool: Pool = { ...body.nodePools[index] };
  const notes: string[] = [];
  if (change.machineType !== undefined)
    pool.machineType = machineTypeOf(change.machineType, field('machineType'));
  if (change.autoscaling === null) delete pool.autoscaling;
  else if (change.autoscaling !== undefined) {
    pool.autoscaling = rangeOf(change.autoscaling, field('autoscaling'));
  }
  if (change.replicas !== undefined)
    pool.replicas = countOf(change.replicas, field('replicas'));
  else if (
    pool.autoscaling &&
    (pool.replicas < pool.autoscaling.min ||
      pool.replicas > pool.autoscaling.max)
  ) {
    // A new range the current size is outside of: start at its nearest end
    // (the autoscaler moves it from there), and say so.
    const start = Math.min(
      Math.max(pool.replicas, pool.autoscaling.min),
      pool.autoscaling.max,
    );
    notes.push(
      `replicas ${pool.replicas} → ${start}, to start within the autoscaling range ${pool.autoscaling.min}..${pool.autoscaling.max}`,
    );
    pool.replicas = start;
  }
  const nodePools = body.nodePools.map((p, i) => (i === index ? pool : p));
  return { body: { ...body, nodePools }, notes };
}

function countOf(value: unknown, field: string): number {
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < 0 ||
    value > MAX_POOL_SIZE
  )
    throw new InputError(
      `${field} must be a whole number from 0 to ${MAX_POOL_SIZE} (Kubernetes' limit of nodes per cluster), not ${shown(
        value,
      )}`,
    );
  return value;
}

function rangeOf(value: unknown, field: string): { min: number; max: number } {
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    Object.keys(value).some(k => k !== 'min' && k !== 'max')
  )
    throw new InputError(
      `${field} must be { min, max } (or null to stop autoscaling), not ${shown(
        value,
      )}`,
    );
  const { min, max } = value as { min?: unknown; max?: unknown };
  const range = {
    min: countOf(min, `${field}.min`),
    max: countOf(max, `${field}.max`),
  };
  if (range.min > range.max)
    throw new InputError(
      `${field}.min (${range.min}) is above ${field}.max (${range.max}): give a range with min ≤ max`,
    );
  return range;
}

function machineTypeOf(value: unknown, field: string): string {
  if (
    typeof value !== 'string' ||
    value.length > MAX_MACHINE_TYPE_LENGTH ||
    !MACHINE_TYPE.test(value)
  )
    throw new InputError(
      `${field} must be the provider's machine type or node image (e.g. m6i.large, Standard_D4s_v5, kindest/node:v1.31.0), not ${shown(
        value,
      )}`,
    );
  return value;
}

/** A value in a message: JSON, at most 40 characters. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
