import {
  arlonResourceOfView,
  LastKnownGoodReport,
} from '@arlon-backstage/plugin-arlon-common';
import type {
  DefinitionDecision,
  FleetRepository,
} from '@arlon-backstage/plugin-arlon-node';

/**
 * The held definitions and clusters of the fleet's head the caller may read
 * (arlon.definition.read, conditions included: owners see their own). Files
 * that name no definition are listed for everyone who may read some.
 */
export async function visibleHeld(
  repository: FleetRepository,
  read: DefinitionDecision,
  defaultOwner: string,
): Promise<LastKnownGoodReport> {
  if (!repository.config) return { status: 'notConfigured' };
  if (read.denied)
    return {
      status: 'unknown',
      message: `You may not read definitions (permission ${read.permission.name})`,
    };
  let state;
  try {
    state = await repository.lastKnownGood();
  } catch (error) {
    // The management clusters' checks still answer; say why this part cannot.
    return {
      status: 'unknown',
      message: `The fleet repository could not be read: ${
        (error as Error).message
      }`,
    };
  }
  const { held, views } = state;
  const mayRead = (kind: string, name: string) => {
    const view = views.find(v => v.kind === kind && v.name === name);
    return read.allows(
      arlonResourceOfView(
        view ?? { kind: kind as any, name, definition: undefined },
        defaultOwner,
      ),
    );
  };
  return {
    status: 'ok',
    held: {
      ...held,
      definitions: held.definitions
        .filter(d => mayRead(d.kind, d.name))
        .map(d => ({
          ...d,
          clusters: d.clusters.filter(c => mayRead('Cluster', c)),
        })),
      clusters: held.clusters
        .filter(c => mayRead('Cluster', c.name))
        .map(c => ({
          ...c,
          because: c.because.filter(
            r => r.file !== undefined || mayRead(r.kind, r.name),
          ),
        })),
    },
  };
}
