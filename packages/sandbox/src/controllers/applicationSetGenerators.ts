import { parse } from 'yaml';
import {
  labelSelectorObjectRequirements,
  matchesLabelSelector,
} from '@arlon-backstage/plugin-arlon-common';
import { mergePatch } from '../kube/patch';
import { renderTemplate } from './goTemplate';

type Params = Record<string, unknown>;

/**
 * The parameter sets of an ApplicationSet's generators (list, clusters and
 * matrix); `clusterSecrets` lists ArgoCD's cluster Secrets, read only when a
 * clusters generator asks. Throws, with ArgoCD's wording, for what the
 * sandbox does not support.
 */
export function generateParams(
  generators: any[],
  clusterSecrets: () => any[],
): Params[] {
  return generators.flatMap(g => generateOne(g, clusterSecrets));
}

function generateOne(g: any, clusterSecrets: () => any[]): Params[] {
  if (g.list) return (g.list.elements ?? []).map((e: any) => ({ ...e }));
  if (g.clusters) return clusterParams(g.clusters.selector, clusterSecrets());
  if (g.matrix) {
    const [a, b]: Params[][] = (g.matrix.generators ?? []).map((child: any) =>
      generateOne(child, clusterSecrets),
    );
    if (!a || !b)
      throw new Error('a matrix generator needs two child generators');
    return a.flatMap(pa => b.map(pb => ({ ...pa, ...pb })));
  }
  throw new Error(
    `the sandbox supports list, clusters and matrix generators, not ${Object.keys(
      g,
    ).join(', ')}`,
  );
}

/**
 * The clusters generator's `selector` is a metav1.LabelSelector, read as
 * ArgoCD reads it (LabelSelectorAsSelector): an invalid one fails the
 * ApplicationSet rather than selecting some other set of clusters.
 */
function clusterParams(selector: unknown, secrets: any[]): Params[] {
  const requirements = labelSelectorObjectRequirements(selector);
  return secrets
    .filter(s => matchesLabelSelector(requirements, s.metadata.labels))
    .map(s => {
      const data = decode(s.data);
      return {
        name: data.name,
        nameNormalized: data.name.toLowerCase().replace(/[^a-z0-9-.]/g, '-'),
        server: data.server,
        project: data.project ?? '',
        metadata: {
          labels: s.metadata.labels ?? {},
          annotations: s.metadata.annotations ?? {},
        },
      };
    });
}

/** The Application an ApplicationSet's template (and templatePatch) gives for one parameter set, owned by the ApplicationSet. */
export function renderApplication(
  appset: any,
  params: Params,
  goTemplate: boolean,
  namespace: string,
) {
  const flat = goTemplate ? params : flatten(params);
  const render = (node: any): any => {
    if (typeof node === 'string') return renderTemplate(node, flat, goTemplate);
    if (Array.isArray(node)) return node.map(render);
    if (node && typeof node === 'object')
      return Object.fromEntries(
        Object.entries(node).map(([k, v]) => [k, render(v)]),
      );
    return node;
  };
  let app: any = render(appset.spec.template);
  if (appset.spec.templatePatch) {
    const patch = parse(
      renderTemplate(appset.spec.templatePatch, flat, goTemplate),
    );
    if (patch) app = mergePatch(app, patch);
  }
  app.apiVersion = 'argoproj.io/v1alpha1';
  app.kind = 'Application';
  app.metadata = {
    ...app.metadata,
    namespace,
    ownerReferences: [
      {
        apiVersion: 'argoproj.io/v1alpha1',
        kind: 'ApplicationSet',
        name: appset.metadata.name,
        uid: appset.metadata.uid,
        controller: true,
        blockOwnerDeletion: true,
      },
    ],
  };
  return app;
}

/** A Secret's data, decoded from base64. */
export function decode(
  data: Record<string, string> | undefined,
): Record<string, any> {
  return Object.fromEntries(
    Object.entries(data ?? {}).map(([k, v]) => [
      k,
      Buffer.from(v, 'base64').toString('utf8'),
    ]),
  );
}

/** Non-Go-template parameters as ArgoCD's fasttemplate sees them: nested keys dotted. */
function flatten(params: Params, prefix = ''): Params {
  const out: Params = {};
  for (const [k, v] of Object.entries(params)) {
    if (v && typeof v === 'object' && !Array.isArray(v))
      Object.assign(out, flatten(v as Params, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = v;
  }
  return out;
}
