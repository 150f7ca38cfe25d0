/** Discovery documents, as kube-apiserver serves them, for the kinds a server serves. */
import { ApiError } from './errors';
import { ResourceType } from './resources';
import { compareKubeVersions } from './versionPriority';

/** `GET /apis`: every group with its versions, the preferred (highest priority) first. */
export function groupList(types: ResourceType[]) {
  const groups = new Map<string, string[]>();
  for (const t of types) {
    if (!t.group) continue;
    const versions = groups.get(t.group) ?? [];
    if (!versions.includes(t.version)) versions.push(t.version);
    groups.set(t.group, versions);
  }
  return {
    kind: 'APIGroupList',
    apiVersion: 'v1',
    groups: [...groups.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([name, unordered]) =>
          [name, unordered.sort(compareKubeVersions)] as const,
      )
      .map(([name, versions]) => ({
        name,
        versions: versions.map(version => ({
          groupVersion: `${name}/${version}`,
          version,
        })),
        preferredVersion: {
          groupVersion: `${name}/${versions[0]}`,
          version: versions[0],
        },
      })),
  };
}

/** `GET /api/v1` or `/apis/<group>/<version>`: the kinds served there and their status subresources; 404 for a group version nothing serves. */
export function resourceList(
  all: ResourceType[],
  group: string,
  version: string,
) {
  const types = all.filter(t => t.group === group && t.version === version);
  if (types.length === 0 && group !== '')
    throw new ApiError(
      404,
      'NotFound',
      'the server could not find the requested resource',
    );
  const verbs = [
    'create',
    'delete',
    'deletecollection',
    'get',
    'list',
    'patch',
    'update',
    'watch',
  ];
  return {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: group ? `${group}/${version}` : version,
    resources: types.flatMap(t => [
      {
        name: t.plural,
        singularName: t.singular,
        namespaced: t.namespaced,
        kind: t.kind,
        verbs,
        ...(t.shortNames ? { shortNames: t.shortNames } : {}),
        ...(t.categories ? { categories: t.categories } : {}),
      },
      ...(t.statusSubresource
        ? [
            {
              name: `${t.plural}/status`,
              singularName: '',
              namespaced: t.namespaced,
              kind: t.kind,
              verbs: ['get', 'patch', 'update'],
            },
          ]
        : []),
    ]),
  };
}
