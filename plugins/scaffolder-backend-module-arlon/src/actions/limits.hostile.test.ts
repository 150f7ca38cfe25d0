import { withFleet } from '../__testUtils__/standardCases';
import { stepContext } from '../__testUtils__/testFleet';
import { createBundleCreateAction } from './bundleCreate';
import { createClusterCreateAction } from './clusterCreate';

const HUGE = 'a'.repeat(250 * 1024);
/** Loose bound: the point is that it answers, not how fast. */
const GENEROUS_MS = 10_000;

/** Oversized input through the scaffolder: refused fast, nothing committed. */
describe('arlon:* actions with oversized names', () => {
  const env = withFleet(fleet => ({
    bundle: createBundleCreateAction(fleet.options),
    cluster: createClusterCreateAction(fleet.options),
  }));
  const fails = async (
    action: 'bundle' | 'cluster',
    input: Record<string, unknown>,
  ) => {
    const before = await env().fleet.commits();
    const started = Date.now();
    const error = await env()
      .action[action].handler(stepContext(input).ctx)
      .then(
        () => undefined,
        e => e,
      );
    expect(Date.now() - started).toBeLessThan(GENEROUS_MS);
    expect(error?.name).toBe('InputError');
    expect(await env().fleet.commits()).toBe(before);
    return error.message as string;
  };

  it('arlon:bundle:create named with 250 KB: an InputError naming the name, at once', async () => {
    const message = await fails('bundle', {
      name: HUGE,
      manifests: {
        'cm.yaml':
          'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n',
      },
    });
    expect(message).toMatch(/^name ".*" must /);
  });

  it('arlon:cluster:create with a 250 KB profile name: a problem at spec.profiles without suggestions over it, at once', async () => {
    const message = await fails('cluster', {
      name: 'qa-9',
      clusterSpec: 'docker-dev',
      profiles: [HUGE],
    });
    expect(message).toContain('spec.profiles');
    expect(message).not.toContain('Did you mean');
  });
});
