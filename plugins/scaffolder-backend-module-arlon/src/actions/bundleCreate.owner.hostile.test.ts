import {
  AuthorizeResult,
  type PolicyDecision,
} from '@backstage/plugin-permission-common';
import {
  arlonConditions,
  createArlonConditionalDecision,
} from '@arlon-backstage/plugin-arlon-node';
import {
  arlonDefinitionUpdatePermission,
  ARLON_RESOURCE_TYPE,
} from '@arlon-backstage/plugin-arlon-common';
import { stepContext, TestFleet } from '../__testUtils__/testFleet';
import { createBundleCreateAction } from './bundleCreate';

const ALLOW: PolicyDecision = { result: AuthorizeResult.ALLOW };
const hostile =
  'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: planted\ndata:\n  x: y\n';

// readonly-rbac (examples/fleet) is group:default/platform's inline bundle.
// Its definition is readable, so a template run can repeat it exactly; the
// definition then counts as "the same, nothing to create", but the new
// manifests were written over platform's with arlon.definition.create only.
describe('arlon:bundle:create over an existing bundle (hostile)', () => {
  let fleet: Awaited<ReturnType<typeof TestFleet.start>>;
  beforeAll(async () => {
    fleet = await TestFleet.start();
  }, 60_000);
  afterAll(() => fleet.stop());

  const sameDefinition = {
    name: 'readonly-rbac',
    owner: 'group:default/platform',
    description: 'A cluster-wide read-only role for the SRE group.',
    tags: ['rbac', 'security'],
    manifests: { 'clusterrole.yaml': hostile },
  };

  it("may not change another owner's bundle files with create permission alone", async () => {
    fleet.options.defaultOwner = 'group:default/team-a';
    fleet.decide = name =>
      name === arlonDefinitionUpdatePermission.name
        ? createArlonConditionalDecision(
            {
              ...arlonDefinitionUpdatePermission,
              resourceType: ARLON_RESOURCE_TYPE,
            },
            arlonConditions.isArlonOwner({ claims: ['group:default/team-a'] }),
          )
        : ALLOW;
    const before = await fleet.commits();
    const original = await fleet.file('bundles/readonly-rbac/clusterrole.yaml');
    await expect(
      createBundleCreateAction(fleet.options).handler(
        stepContext(sameDefinition).ctx,
      ),
    ).rejects.toThrow('permission arlon.definition.update');
    expect(await fleet.commits()).toBe(before);
    expect(await fleet.file('bundles/readonly-rbac/clusterrole.yaml')).toBe(
      original,
    );
  });

  it('the owner (update allowed) may still change its files by running the template again', async () => {
    fleet.decide = () => ALLOW;
    await createBundleCreateAction(fleet.options).handler(
      stepContext(sameDefinition).ctx,
    );
    expect(await fleet.file('bundles/readonly-rbac/clusterrole.yaml')).toBe(
      hostile,
    );
  });
});
