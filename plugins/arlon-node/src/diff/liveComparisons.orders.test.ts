import {
  ApiException,
  HttpMethod,
  KubernetesObject,
  KubernetesObjectApi,
} from '@kubernetes/client-node';
import { KubeApiServer, kubeConfigFor } from '@arlon-backstage/arlon-sandbox';
import type {
  KubeObject,
  Rendered,
} from '@arlon-backstage/plugin-arlon-common';
import { configurationOf } from '../live/jsonClient';
import { requestJson } from '../live/jsonRequest';
import { LiveCluster, ObjectRef } from '../live/LiveCluster';
import { preflight } from './liveComparisons';

/**
 * The pre-flight compares each prediction as it arrives: on generated
 * bundles, rejections and refusals, against the real sandbox API server,
 * the section must not depend on the order the answers and the lists come
 * in (compared with one answer at a time, in order).
 */
const QUANTITY_PATTERN =
  '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$';

const cm = (name: string, namespace: string | undefined, data: object) =>
  ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, ...(namespace === undefined ? {} : { namespace }) },
    data,
  } as KubeObject);
const widgetCrd = (fields: string[]): KubeObject => ({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com',
    names: { kind: 'Widget', plural: 'widgets', singular: 'widget' },
    scope: 'Namespaced',
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: {
                type: 'object',
                properties: Object.fromEntries(
                  fields.map(f => [
                    f,
                    {
                      'x-kubernetes-int-or-string': true,
                      pattern: QUANTITY_PATTERN,
                    },
                  ]),
                ),
              },
            },
          },
        },
      },
    ],
  },
});
const widget = (name: string, size: unknown): KubeObject => ({
  apiVersion: 'example.com/v1',
  kind: 'Widget',
  metadata: { name, namespace: 'web' },
  spec: { size },
});
const secret = (password: string): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: { name: 'creds', namespace: 'web' },
  stringData: { password },
});
const deployment = (replicas: number): KubeObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'web' },
  spec: {
    replicas,
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { labels: { app: 'web' } },
      spec: { containers: [{ name: 'web', image: 'nginx:1.25' }] },
    },
  },
});

/** What the sandbox holds before each pre-flight. */
const LIVE: KubeObject[] = [
  deployment(5),
  cm('settings', 'web', { LOG_LEVEL: 'info' }),
  cm('plain', 'default', { A: '1' }),
  secret('hunter2-original'),
  widgetCrd(['size']),
  widget('w', '1Gi'),
  widget('v', '2Gi'),
];

/** What a bundle may hold: variants of the live objects, new ones, hostile ones. */
const POOL: KubeObject[][] = [
  [deployment(5), deployment(2), deployment(3)],
  [cm('settings', 'web', { LOG_LEVEL: 'debug' }), cm('settings', 'web', {})],
  // Namespace left out, given, and given empty, for an object in `default`.
  [
    cm('plain', undefined, { A: '2' }),
    cm('plain', 'default', { A: '1' }),
    cm('plain', '', { A: '3' }),
  ],
  [secret('hunter2-rotated'), secret('hunter2-original')],
  [cm('fresh', 'web', { NEW: 'yes' })],
  // Equivalent quantities; one the CRD's pattern refuses (422).
  [widget('w', '1024Mi'), widget('w', '1Gi'), widget('w', 'lots')],
  [widget('v', '2048Mi'), widget('v', '3Gi')],
  // The CRD itself, shipped in the bundle: the same schema or without `size`.
  [widgetCrd(['size']), widgetCrd([])],
  [
    {
      apiVersion: 'example.com/v1',
      kind: 'Gadget',
      metadata: { name: 'g', namespace: 'web' },
    } as KubeObject,
  ],
  [cm('elsewhere', 'missing', { B: '1' })],
  [
    {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'web', namespace: 'web', labels: { team: 'a' } },
    } as KubeObject,
  ],
];

/** A small seeded generator: each case replays. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

type Fault =
  | { kind: 'none' }
  | { kind: 'refuse'; at: number; code: number }
  | { kind: 'reject'; at: number; code: number };

/** The real cluster, answering in a shuffled order, with one fault. */
class Shuffled extends LiveCluster {
  calls = 0;
  constructor(
    kc: ConstructorParameters<typeof LiveCluster>[1],
    private readonly next: () => number,
    private readonly fault: Fault,
  ) {
    super('dev-1', kc);
  }
  override async read(refs: ObjectRef[]) {
    await new Promise(r => setTimeout(r, Math.floor(this.next() * 6)));
    return super.read(refs);
  }
  override async dryRunApply(object: KubeObject) {
    const call = this.calls++;
    await new Promise(r => setTimeout(r, Math.floor(this.next() * 6)));
    const { fault } = this;
    if (fault.kind !== 'none' && fault.at === call) {
      if (fault.kind === 'refuse' || fault.kind === 'reject')
        throw new ApiException(
          fault.code,
          'no',
          JSON.stringify({ message: `refused ${fault.code}` }),
          {},
        );
    }
    return super.dryRunApply(object);
  }
}

function generate(next: () => number) {
  const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)];
  const objects: KubeObject[] = [];
  for (const variants of POOL) {
    if (next() < 0.5) objects.push(pick(variants));
    // Two manifests for one object, now and then.
    if (next() < 0.15) objects.push(pick(variants));
  }
  for (let i = objects.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [objects[i], objects[j]] = [objects[j], objects[i]];
  }
  const tracked = LIVE.filter(() => next() < 0.3).map(o => ({
    bundle: 'old',
    ref: o as ObjectRef,
  }));
  const faults: Fault[] = [
    { kind: 'none' },
    { kind: 'refuse', at: Math.floor(next() * 8), code: pick([403, 405, 415]) },
    { kind: 'reject', at: Math.floor(next() * 8), code: pick([400, 409, 422]) },
  ];
  const rendered: Rendered = {
    objects: objects.map(object => ({ bundle: 'b', object })),
    notes: [],
  };
  return { rendered, tracked, fault: pick(faults) };
}

describe('the pre-flight, whatever order the answers come in', () => {
  let server: KubeApiServer;
  let kc: ReturnType<typeof kubeConfigFor>;

  beforeAll(async () => {
    server = await KubeApiServer.start({ token: 't' });
    kc = kubeConfigFor(server.url, 't', server.caData);
    /** Where `o`'s kind is created (discovery), as client-node builds it. */
    class Paths extends KubernetesObjectApi {
      collection(o: KubeObject) {
        return this.specUriPath(
          { ...o, metadata: { namespace: o.metadata.namespace } },
          'list',
        );
      }
    }
    const paths = kc.makeApiClient(Paths);
    const pathOf = (o: KubeObject) =>
      paths.collection(o as KubeObject & KubernetesObject);
    await requestJson(configurationOf(kc), {
      method: HttpMethod.POST,
      path: '/api/v1/namespaces',
      body: JSON.stringify({
        apiVersion: 'v1',
        kind: 'Namespace',
        metadata: { name: 'web' },
      }),
    });
    for (const o of LIVE) {
      const body = {
        ...o,
        metadata: {
          ...o.metadata,
          annotations: {
            'kubectl.kubernetes.io/last-applied-configuration':
              JSON.stringify(o),
          },
        },
      };
      // As JSON text, as kubectl sends it: client-node's typed models drop
      // a schema's `x-kubernetes-int-or-string`.
      await requestJson(configurationOf(kc), {
        method: HttpMethod.POST,
        path: await pathOf(o),
        contentType: 'application/json',
        body: JSON.stringify(body),
      });
    }
  });
  afterAll(() => server.stop());

  it('reads the quantity fields of a shipped CRD whose own dry run the server rejects, as the client-side method does', async () => {
    // The CRD's dry run is the first call; the Widget's the second.
    const rendered: Rendered = {
      objects: [widgetCrd(['size']), widget('w', '1024Mi')].map(object => ({
        bundle: 'b',
        object,
      })),
      notes: [],
    };
    const rejectsCrd = () =>
      new Shuffled(kc, () => 0, { kind: 'reject', at: 0, code: 422 });
    const widgetOf = (section: { objects: Array<{ key: string }> }) =>
      section.objects.find(o => o.key === 'example.com/Widget/web/w');
    const after = await preflight('t', rendered, rejectsCrd());
    const clientSide = await preflight('t', rendered, rejectsCrd(), {
      serverSide: false,
    });
    expect(after.method).toBe('server-side-dry-run');
    expect(widgetOf(after)).toMatchObject({ action: 'unchanged' });
    expect(widgetOf(clientSide)).toMatchObject({ action: 'unchanged' });
  });

  it('reads the quantity fields of a tracked CRD the bundle no longer ships, as the client-side method does', async () => {
    const rendered: Rendered = {
      objects: [{ bundle: 'b', object: widget('w', '1024Mi') }],
      notes: [],
    };
    const tracked = [{ bundle: 'old', ref: widgetCrd(['size']) as ObjectRef }];
    const cluster = () => new Shuffled(kc, () => 0, { kind: 'none' });
    const widgetOf = (section: { objects: Array<{ key: string }> }) =>
      section.objects.find(o => o.key === 'example.com/Widget/web/w');
    const after = await preflight('t', rendered, cluster(), { tracked });
    const clientSide = await preflight('t', rendered, cluster(), {
      tracked,
      serverSide: false,
    });
    expect(widgetOf(after)).toMatchObject({ action: 'unchanged' });
    expect(widgetOf(clientSide)).toMatchObject({ action: 'unchanged' });
  });

  it('gives the same section for generated bundles, whatever order the answers come in', async () => {
    for (let seed = 1; seed <= 60; seed++) {
      const { rendered, tracked, fault } = generate(random(seed));
      const inOrder = await preflight(
        't',
        rendered,
        new Shuffled(kc, () => 0, fault),
        { tracked, concurrency: 1 },
      );
      const shuffled = await preflight(
        't',
        rendered,
        new Shuffled(kc, random(seed * 13), fault),
        { tracked, concurrency: 3 },
      );
      // After a refusal, which objects were sent before it (so which
      // rejections and missing namespaces were seen) depends on timing.
      const partial = /would reject this object|does not exist on cluster/;
      const settled = (section: typeof inOrder) => ({
        ...section,
        notes: section.notes.filter(
          n => section.method !== 'client-side' || !partial.test(n),
        ),
      });
      expect({ seed, section: settled(shuffled) }).toEqual({
        seed,
        section: settled(inOrder),
      });
    }
  });
});
