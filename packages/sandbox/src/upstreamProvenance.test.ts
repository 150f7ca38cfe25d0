import { PROVIDERS } from '@arlon-backstage/plugin-arlon-common';
import { crdProvenance, upstreamCrd } from './kube/crds';

/**
 * The release each catalog entry says it was checked against (shown by
 * `arlon providers` and docs/fleet-repository.md) is the release the
 * sandbox's copy of that provider's CRDs was taken from: bumping one
 * without the other would make the docs name a release nothing was
 * checked against.
 */
const provenanceOf = (group: string, kind: string) => {
  const crd = upstreamCrd(group, kind);
  if (!crd) return undefined;
  return crdProvenance().files.find(f =>
    f.file.endsWith(`/${crd.metadata.name}.json`),
  );
};

describe('catalog releases and the CRDs the sandbox serves', () => {
  it.each(PROVIDERS.map(p => [p.id, p] as const))(
    '%s: its own kinds come from the repository and release it names',
    (_id, provider) => {
      const own = [
        provider.infrastructureCluster,
        provider.machineTemplate,
        ...Object.values(provider.clusterTypes).flatMap(t => [
          t.infrastructureCluster,
          t.managedMachinePool,
        ]),
      ].filter(k => k !== undefined);
      const sources = own.map(k => {
        const p = provenanceOf(k!.group, k!.kind);
        return { kind: k!.kind, source: p && `${p.repository} ${p.tag}` };
      });
      expect(sources).toEqual(
        own.map(k => ({
          kind: k!.kind,
          source: `${provider.upstream.repository} ${provider.upstream.release}`,
        })),
      );
    },
  );
});
