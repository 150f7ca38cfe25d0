import type { FleetFiles } from '../model/Fleet';
import { bootstrapApplicationIn } from './bootstrapApplication';

/**
 * The version of the generated tree's layout and meaning: what the compiler
 * writes under `generated/`, and what the portal, the CLI and the sandbox read
 * back. Bump it when a compiler change means an older reader would
 * misunderstand the tree (a moved file, a renamed label), not for changes
 * regenerating absorbs. It is recorded in the tree itself (see
 * {@link FLEET_FORMAT_ANNOTATION}), so a CLI or portal can tell a tree written
 * by a newer or older Arlon.
 *
 * @public
 */
export const FLEET_FORMAT_VERSION = 1;

/**
 * The annotation on the bootstrap Application (`generated/bootstrap/arlon-fleet.yaml`)
 * that records {@link FLEET_FORMAT_VERSION}. A constant, not the package
 * version: regenerating with a new release that writes the same tree changes
 * nothing in Git.
 *
 * @public
 */
export const FLEET_FORMAT_ANNOTATION = 'arlon.io/fleet-format-version';

// Spelled out, not imported: compileFleet imports this module.
const BOOTSTRAP = 'generated/bootstrap/arlon-fleet.yaml';

/**
 * What a generated tree says about the format it was written in.
 *
 * @public
 */
export type RecordedFleetFormat =
  /** The bootstrap Application records this format version. */
  | { status: 'recorded'; version: number }
  /** A tree from before the format was recorded (Arlon for Backstage 0.1.0 and earlier). */
  | { status: 'unrecorded' }
  /** No readable bootstrap Application: nothing to compare. */
  | { status: 'missing' };

/**
 * Pure: the fleet format version a generated tree was written in, read from
 * its bootstrap Application's {@link FLEET_FORMAT_ANNOTATION}. The file is
 * data from a repository: an unreadable file or an annotation that is not a
 * positive integer counts as missing or unrecorded, never a crash.
 *
 * @public
 */
export function fleetFormatOfGenerated(files: FleetFiles): RecordedFleetFormat {
  const text = files[BOOTSTRAP];
  if (text === undefined) return { status: 'missing' };
  const app = bootstrapApplicationIn(text, BOOTSTRAP).application;
  if (!app) return { status: 'missing' };
  const value = app.metadata?.annotations?.[FLEET_FORMAT_ANNOTATION];
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,5}$/.test(value))
    return { status: 'unrecorded' };
  return { status: 'recorded', version: Number(value) };
}
