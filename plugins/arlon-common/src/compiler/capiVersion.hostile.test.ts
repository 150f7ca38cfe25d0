import { parse } from 'yaml';
import { EXAMPLE_FLEET_DIR, readFleetDir } from '../testing/readFleetDir';
import { CAPI_VERSION_ANNOTATION } from './compileFleet';
import { BOOTSTRAP_FILE, compileOptionsOfGenerated } from './generatedDrift';

const files = readFleetDir(EXAMPLE_FLEET_DIR);

/** generated/ is repository data: a recorded Cluster API version that is not one is ignored, never rendered. */
describe('compileOptionsOfGenerated, a hostile recorded version', () => {
  const withAnnotation = (value: unknown) => {
    const app = parse(files[BOOTSTRAP_FILE]);
    app.metadata.annotations[CAPI_VERSION_ANNOTATION] = value;
    return { ...files, [BOOTSTRAP_FILE]: JSON.stringify(app) };
  };

  it.each([
    ['a version Cluster API never had', 'v1alpha9'],
    ['a full apiVersion', 'cluster.x-k8s.io/v1beta2'],
    ['a template string', '{{ .name }}'],
    ['a list', ['v1beta2']],
    ['an object with a prototype key', { __proto__: 'v1beta2' }],
  ])('%s is not used: the tree compiles at v1beta1', (_label, value) => {
    const { options } = compileOptionsOfGenerated(withAnnotation(value));
    expect(options).toBeDefined();
    expect(options).not.toHaveProperty('capiVersion');
  });
});
