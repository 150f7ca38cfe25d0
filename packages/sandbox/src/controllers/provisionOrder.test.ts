import type { WatchEvent } from '../kube/ObjectStore';
import {
  startSeededSandbox,
  SeededSandbox,
} from './__testUtils__/seededSandbox';

const DELAY_MS = 100;

/** Blocks the event loop, as a burst of clusters does on a loaded machine. */
function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/**
 * Cluster API moves a Cluster Pending → Provisioning → Provisioned and never
 * back. Under a burst the sandbox's event loop runs late; its steps must
 * still come in order, or a Cluster written Provisioning after Provisioned
 * stays Provisioning for ever (seen at 300 clusters at once).
 */
describe('provisioning under a late event loop', () => {
  let started: SeededSandbox;
  beforeEach(async () => {
    started = await startSeededSandbox(
      { 'README.md': 'an empty fleet\n' },
      { provisioningDelayMs: DELAY_MS },
    );
  });
  afterEach(() => started.stop());

  it('writes the phases in order and ends every Cluster Provisioned', async () => {
    const { custom, sandbox } = started;
    const phases = new Map<string, string[]>();
    let blocked = false;
    sandbox.apiServer.store.observe((e: WatchEvent) => {
      if (e.typeKey !== 'cluster.x-k8s.io/clusters') return;
      const { name } = e.object.metadata;
      const phase = e.object.status?.phase;
      const seen = phases.get(name) ?? [];
      if (phase && seen[seen.length - 1] !== phase) seen.push(phase);
      phases.set(name, seen);
      // The first Cluster's step holds the loop past the others' next step.
      if (phase === 'Provisioning' && !blocked) {
        blocked = true;
        busy(DELAY_MS * 3);
      }
    });
    const names = Array.from({ length: 20 }, (_, i) => `late-${i}`);
    await Promise.all(
      names.map(name =>
        custom.createNamespacedCustomObject({
          group: 'cluster.x-k8s.io',
          version: 'v1beta1',
          plural: 'clusters',
          namespace: 'default',
          body: {
            apiVersion: 'cluster.x-k8s.io/v1beta1',
            kind: 'Cluster',
            metadata: { name },
            spec: {},
          },
        }),
      ),
    );
    // Until every Cluster was Provisioned, then a few more steps' time for a
    // late step to come in out of order.
    const deadline = Date.now() + 20_000;
    while (
      names.some(n => !phases.get(n)?.includes('Provisioned')) &&
      Date.now() < deadline
    )
      await new Promise(r => setTimeout(r, 20));
    await new Promise(r => setTimeout(r, DELAY_MS * 3));

    for (const name of names)
      expect([name, phases.get(name)]).toEqual([
        name,
        ['Pending', 'Provisioning', 'Provisioned'],
      ]);
  });
});
