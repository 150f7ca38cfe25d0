/*
 * Produces packages/sandbox/crds/ from upstream repository snapshots: the
 * CustomResourceDefinitions Cluster API, its providers and ArgoCD publish, at
 * pinned release tags, with descriptions dropped (everything an API server
 * uses to default, prune and validate is kept).
 *
 *   node packages/sandbox/scripts/trimCrds.ts <mirror-root>
 *
 * <mirror-root> holds one bare git directory per repository at
 * <owner>+<name>/repo (what the `fetch` tool brings). Re-run after bumping a
 * tag below; the provenance file is rewritten from what was read.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

interface Project {
  /** Folder under crds/. */
  id: string;
  repository: string;
  tag: string;
  /** CRD files at the tag, as folder + file-name filter. */
  folders: Array<{ dir: string; include: RegExp }>;
}

const ALL = /\.ya?ml$/;
const bases = (include = ALL) => [{ dir: 'config/crd/bases', include }];

const PROJECTS: Project[] = [
  {
    id: 'cluster-api',
    repository: 'kubernetes-sigs/cluster-api',
    tag: 'v1.14.0',
    folders: [
      { dir: 'core/config/crd/bases', include: /^cluster\.x-k8s\.io_/ },
      { dir: 'bootstrap/kubeadm/config/crd/bases', include: ALL },
      { dir: 'controlplane/kubeadm/config/crd/bases', include: ALL },
      {
        dir: 'test/infrastructure/docker/config/crd/bases',
        include: /_docker/,
      },
    ],
  },
  {
    id: 'aws',
    repository: 'kubernetes-sigs/cluster-api-provider-aws',
    tag: 'v2.11.1',
    folders: bases(/_(aws|eksconfig)/),
  },
  {
    id: 'azure',
    repository: 'kubernetes-sigs/cluster-api-provider-azure',
    tag: 'v1.26.0',
    folders: bases(),
  },
  {
    id: 'azurestackhci',
    repository: 'microsoft/cluster-api-provider-azurestackhci',
    tag: 'v1.3.2',
    folders: bases(),
  },
  {
    id: 'gcp',
    repository: 'kubernetes-sigs/cluster-api-provider-gcp',
    tag: 'v1.12.0',
    folders: bases(),
  },
  {
    id: 'vsphere',
    repository: 'kubernetes-sigs/cluster-api-provider-vsphere',
    tag: 'v1.16.1',
    folders: [{ dir: 'config/default/crd/bases', include: ALL }],
  },
  {
    id: 'openstack',
    repository: 'kubernetes-sigs/cluster-api-provider-openstack',
    tag: 'v0.14.7',
    folders: bases(),
  },
  {
    id: 'metal3',
    repository: 'metal3-io/cluster-api-provider-metal3',
    tag: 'v1.13.2',
    folders: bases(),
  },
  {
    id: 'kubevirt',
    repository: 'kubernetes-sigs/cluster-api-provider-kubevirt',
    tag: 'v0.11.2',
    folders: bases(),
  },
  {
    id: 'digitalocean',
    repository: 'kubernetes-sigs/cluster-api-provider-digitalocean',
    tag: 'v1.6.0',
    folders: bases(),
  },
  {
    id: 'ibmcloud',
    repository: 'kubernetes-sigs/cluster-api-provider-ibmcloud',
    tag: 'v0.14.0',
    folders: bases(/_ibmvpc/),
  },
  {
    id: 'equinix',
    repository: 'kubernetes-sigs/cluster-api-provider-packet',
    tag: 'v0.9.0',
    folders: bases(),
  },
  {
    id: 'nested',
    repository: 'kubernetes-sigs/cluster-api-provider-nested',
    tag: 'v0.1.0',
    folders: [
      { dir: 'config/crd/bases', include: ALL },
      { dir: 'controlplane/nested/config/crd/bases', include: ALL },
    ],
  },
  {
    id: 'maas',
    repository: 'spectrocloud/cluster-api-provider-maas',
    tag: 'v0.9.0',
    folders: bases(),
  },
  {
    id: 'byoh',
    repository: 'vmware-tanzu/cluster-api-provider-bringyourownhost',
    tag: 'v0.5.0',
    folders: bases(),
  },
  {
    id: 'sidero',
    repository: 'siderolabs/sidero',
    tag: 'v0.6.13',
    folders: [
      { dir: 'app/caps-controller-manager/config/crd/bases', include: ALL },
    ],
  },
  {
    id: 'talos-control-plane',
    repository: 'siderolabs/cluster-api-control-plane-provider-talos',
    tag: 'v0.5.12',
    folders: bases(),
  },
  {
    id: 'talos-bootstrap',
    repository: 'siderolabs/cluster-api-bootstrap-provider-talos',
    tag: 'v0.6.12',
    folders: bases(),
  },
  {
    id: 'hetzner',
    repository: 'syself/cluster-api-provider-hetzner',
    tag: 'v1.1.8',
    folders: bases(/_(hcloud|hetznercluster)/),
  },
  {
    id: 'argo-cd',
    repository: 'argoproj/argo-cd',
    tag: 'v3.5.1',
    folders: [{ dir: 'manifests/crds', include: /-crd\.yaml$/ }],
  },
];

/** Catalog providers with no maintained upstream CRD for the kinds the catalog names. */
const WITHOUT_UPSTREAM = [
  {
    provider: 'alibabacloud',
    kinds: ['AlibabaCloudCluster', 'AlibabaCloudMachineTemplate'],
    finding:
      'No upstream defines these kinds. AliyunContainerService/cluster-api-provider-alibabacloud (last commit 2021-11-02, tags v0.1.0-alpha.*) ships only OpenShift machine.openshift.io CRDs.',
  },
  {
    provider: 'baiducloud',
    kinds: ['BCCCluster', 'BCCMachineTemplate'],
    finding:
      'No upstream defines these kinds; no Cluster API provider repository for Baidu Cloud could be fetched (baidu/cluster-api-provider-baiducloud does not exist).',
  },
  {
    provider: 'tencentcloud',
    kinds: ['TencentCloudCluster', 'TencentCloudMachineTemplate'],
    finding:
      'No upstream defines these kinds. TencentCloud/cluster-api-provider-tencent (last commit 2022-10-24, tag v0.5) defines only TKECluster and TKEManagedMachinePool (managed TKE), unmaintained.',
  },
  {
    provider: 'exoscale',
    kinds: ['ExoscaleCluster', 'ExoscaleMachineTemplate'],
    finding:
      'No upstream defines these kinds. exoscale/cluster-api-provider-exoscale (last commit 2019-09-17, tag 0.1.3) only has pre-v1alpha2 providerSpec kinds (ExoscaleClusterProviderSpec, ExoscaleMachineProviderSpec, v1alpha1) and no LICENSE file, so nothing of it is copied here.',
  },
];

const SCHEMA_MAPS = ['properties', 'patternProperties', 'definitions'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf'];
const SCHEMA_ONES = ['items', 'additionalProperties', 'not'];

/** A schema without documentation keywords; property names called `description` stay. */
function trimSchema(schema: any): any {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema))
    return schema;
  const out: any = {};
  for (const [key, value] of Object.entries<any>(schema)) {
    if (key === 'description' || key === 'example' || key === 'externalDocs')
      continue;
    if (SCHEMA_MAPS.includes(key)) {
      out[key] = Object.fromEntries(
        Object.entries<any>(value).map(([k, v]) => [k, trimSchema(v)]),
      );
    } else if (SCHEMA_LISTS.includes(key)) {
      out[key] = value.map(trimSchema);
    } else if (SCHEMA_ONES.includes(key)) {
      out[key] = typeof value === 'object' ? trimSchema(value) : value;
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** An apiextensions.k8s.io/v1 CRD (v1beta1 ones are converted) with only what an API server serves. */
function trimCrd(crd: any): any {
  const spec = crd.spec;
  let versions: any[] = spec.versions ?? [{ name: spec.version }];
  versions = versions.map((v: any, i: number) => ({
    name: v.name,
    served: v.served ?? true,
    storage: v.storage ?? i === 0,
    ...(v.deprecated ? { deprecated: true } : {}),
    ...(v.deprecationWarning
      ? { deprecationWarning: v.deprecationWarning }
      : {}),
    ...(v.subresources ?? spec.subresources
      ? { subresources: v.subresources ?? spec.subresources }
      : {}),
    ...(v.additionalPrinterColumns
      ? { additionalPrinterColumns: v.additionalPrinterColumns }
      : {}),
    schema: {
      openAPIV3Schema: trimSchema(
        v.schema?.openAPIV3Schema ??
          spec.validation?.openAPIV3Schema ?? {
            type: 'object',
            'x-kubernetes-preserve-unknown-fields': true,
          },
      ),
    },
  }));
  const names = { ...spec.names };
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: crd.metadata.name },
    spec: {
      group: spec.group,
      names: {
        ...names,
        singular: names.singular ?? names.kind.toLowerCase(),
        listKind: names.listKind ?? `${names.kind}List`,
      },
      scope: spec.scope ?? 'Namespaced',
      versions: versions.filter(v => v.served),
    },
  };
}

function git(gitDir: string, ...args: string[]): string {
  return execFileSync('git', ['--git-dir', gitDir, ...args], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
}

function licenceOf(gitDir: string, tag: string): string {
  const text = git(gitDir, 'show', `${tag}:LICENSE`);
  if (/Apache License/.test(text) && /Version 2\.0/.test(text))
    return 'Apache-2.0';
  if (/Mozilla Public License Version 2\.0/.test(text)) return 'MPL-2.0';
  throw new Error(`Unrecognised licence at ${tag}:LICENSE in ${gitDir}`);
}

function main(scriptDir: string, mirrorRoot: string) {
  const out = path.resolve(scriptDir, '..', 'crds');
  const provenance: any[] = [];
  for (const project of PROJECTS) {
    const gitDir = path.join(
      mirrorRoot,
      project.repository.replace('/', '+'),
      'repo',
    );
    const commit = git(gitDir, 'rev-list', '-n', '1', project.tag).trim();
    const licence = licenceOf(gitDir, project.tag);
    const dir = path.join(out, project.id);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    for (const folder of project.folders) {
      const files = git(
        gitDir,
        'ls-tree',
        '--name-only',
        `${project.tag}:${folder.dir}`,
      )
        .split('\n')
        .filter(f => f && folder.include.test(f) && !/kustomiz/.test(f));
      for (const file of files) {
        const source = `${folder.dir}/${file}`;
        const docs = parseAllDocuments(
          git(gitDir, 'show', `${project.tag}:${source}`),
        );
        for (const doc of docs) {
          const crd = doc.toJS();
          if (crd?.kind !== 'CustomResourceDefinition') continue;
          const trimmed = trimCrd(crd);
          if (trimmed.spec.versions.length === 0) continue;
          const name = `${trimmed.metadata.name}.json`;
          fs.writeFileSync(
            path.join(dir, name),
            `${JSON.stringify(trimmed)}\n`,
          );
          provenance.push({
            file: `${project.id}/${name}`,
            repository: `https://github.com/${project.repository}`,
            tag: project.tag,
            commit,
            path: source,
            licence,
          });
        }
      }
    }
  }
  fs.writeFileSync(
    path.join(out, 'provenance.json'),
    `${JSON.stringify(
      { files: provenance, withoutUpstream: WITHOUT_UPSTREAM },
      null,
      2,
    )}\n`,
  );
  process.stdout.write(`${provenance.length} CRDs written to ${out}\n`);
}

const [scriptPath, mirrorRoot] = process.argv.slice(1);
if (!mirrorRoot) {
  process.stderr.write('usage: node trimCrds.ts <mirror-root>\n');
  process.exit(2);
}
main(path.dirname(path.resolve(scriptPath)), mirrorRoot);
