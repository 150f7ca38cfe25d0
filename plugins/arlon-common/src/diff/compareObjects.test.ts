import { compareObjects } from './compareObjects';

describe('compareObjects', () => {
  describe('objects', () => {
    it('reports a field desired adds, with its full path', () => {
      expect(
        compareObjects({ spec: { a: 1, b: 2 } }, { spec: { a: 1 } }),
      ).toEqual([{ path: 'spec.b', kind: 'added', to: 2 }]);
    });

    it('reports a changed scalar with both values', () => {
      expect(compareObjects({ spec: { a: 2 } }, { spec: { a: 1 } })).toEqual([
        { path: 'spec.a', kind: 'changed', from: 1, to: 2 },
      ]);
    });

    it('does not count a field only live has when it was never applied', () => {
      expect(compareObjects({ a: 1 }, { a: 1, b: 2 })).toEqual([]);
      expect(compareObjects({ a: 1 }, { a: 1, b: 2 }, { a: 1 })).toEqual([]);
    });

    it('reports a field that was applied, is gone from desired and still live as removed', () => {
      expect(compareObjects({ a: 1 }, { a: 1, b: 2 }, { a: 1, b: 2 })).toEqual([
        { path: 'b', kind: 'removed', from: 2 },
      ]);
      expect(
        compareObjects(
          { spec: { a: 1 } },
          { spec: { a: 1, b: 2 } },
          { spec: { b: 9 } },
        ),
      ).toEqual([{ path: 'spec.b', kind: 'removed', from: 2 }]);
    });

    it('does not report an applied field live no longer has', () => {
      expect(compareObjects({ a: 1 }, { a: 1 }, { a: 1, b: 2 })).toEqual([]);
    });

    it('ignores an applied value that is not an object', () => {
      expect(compareObjects({ a: 1 }, { a: 1, b: 2 }, 'text')).toEqual([]);
      expect(compareObjects({ a: 1 }, { a: 1, b: 2 }, [1])).toEqual([]);
    });

    it('reports an object replaced by a scalar, a list or null as one change', () => {
      expect(compareObjects({ a: { b: 1 } }, { a: 'x' })).toEqual([
        { path: 'a', kind: 'changed', from: 'x', to: { b: 1 } },
      ]);
      expect(compareObjects({ a: 'x' }, { a: { b: 1 } })).toEqual([
        { path: 'a', kind: 'changed', from: { b: 1 }, to: 'x' },
      ]);
      expect(compareObjects({ a: [1] }, { a: { b: 1 } })).toEqual([
        { path: 'a', kind: 'changed', from: { b: 1 }, to: [1] },
      ]);
      expect(compareObjects({ a: 1 }, { a: [1] })).toEqual([
        { path: 'a', kind: 'changed', from: [1], to: 1 },
      ]);
      expect(compareObjects({ a: { b: 1 } }, { a: null })).toEqual([
        { path: 'a', kind: 'changed', from: null, to: { b: 1 } },
      ]);
    });

    it('compares equivalent quantities as equal in a quantity field', () => {
      const pod = (cpu: unknown) => ({
        apiVersion: 'v1',
        kind: 'Pod',
        spec: {
          containers: [{ name: 'a', resources: { limits: { cpu } } }],
        },
      });
      expect(compareObjects(pod('100m'), pod('0.1'))).toEqual([]);
      expect(compareObjects(pod('100m'), pod('0.2'))).toEqual([
        {
          path: 'spec.containers[name=a].resources.limits.cpu',
          kind: 'changed',
          from: '0.2',
          to: '100m',
        },
      ]);
    });

    it('takes null, {} and [] for a field left out, on either side', () => {
      // The API server leaves empty maps and lists out (omitempty); null in
      // an applied manifest removes a field.
      expect(
        compareObjects(
          { a: 1, n: null, m: {}, l: [], t: { metadata: { c: null } } },
          { a: 1, t: { metadata: {} } },
        ),
      ).toEqual([]);
      expect(
        compareObjects(
          { a: 1 },
          { a: 1, n: null, m: {}, l: [] },
          { a: 1, n: 1, m: { x: 1 }, l: [1] },
        ),
      ).toEqual([]);
      expect(compareObjects({ l: [] }, { l: null })).toEqual([]);
      expect(compareObjects({ m: {} }, { m: null })).toEqual([]);
      expect(compareObjects({ m: null }, { m: {} })).toEqual([]);
    });

    it('still reports empty text, zero, false and non-empty values as added or removed', () => {
      // A pointer field set to false or 0 (automountServiceAccountToken) is not one left out.
      expect(
        compareObjects(
          { s: '', z: 0, f: false, m: { a: null }, l: [null] },
          {},
        ),
      ).toEqual([
        { path: 's', kind: 'added', to: '' },
        { path: 'z', kind: 'added', to: 0 },
        { path: 'f', kind: 'added', to: false },
        { path: 'm', kind: 'added', to: { a: null } },
        { path: 'l', kind: 'added', to: [null] },
      ]);
      expect(
        compareObjects({}, { z: 0, m: { a: 1 } }, { z: 0, m: { a: 1 } }),
      ).toEqual([
        { path: 'z', kind: 'removed', from: 0 },
        { path: 'm', kind: 'removed', from: { a: 1 } },
      ]);
      expect(compareObjects({ m: {} }, { m: { a: 1 } })).toEqual([]);
      expect(compareObjects({ l: [] }, { l: [1] })).toEqual([
        { path: 'l', kind: 'changed', from: [1], to: [] },
      ]);
      expect(compareObjects({ l: [1] }, { l: null })).toEqual([
        { path: 'l', kind: 'changed', from: null, to: [1] },
      ]);
    });

    it('compares two values that are no objects at all, null included', () => {
      expect(compareObjects(null, null)).toEqual([]);
      expect(compareObjects('1.1', '1.10')).toEqual([
        { path: '', kind: 'changed', from: '1.10', to: '1.1' },
      ]);
      expect(compareObjects(null, { kind: 'Pod' })).toEqual([
        { path: '', kind: 'changed', from: { kind: 'Pod' }, to: null },
      ]);
    });

    it('compares quantity-looking values anywhere else only by identity', () => {
      expect(compareObjects({ cpu: '100m' }, { cpu: '0.1' })).toEqual([
        { path: 'cpu', kind: 'changed', from: '0.1', to: '100m' },
      ]);
      expect(compareObjects({ v: '3' }, { v: 3 })).toEqual([
        { path: 'v', kind: 'changed', from: 3, to: '3' },
      ]);
    });

    it('reads which fields are quantities from the desired side, at every depth of lists', () => {
      // Live's kind does not decide: a ConfigMap desired against a Pod live is compared exactly.
      const resources = { limits: { cpu: '1' } };
      const liveResources = { limits: { cpu: '1000m' } };
      const shaped = (kind: string, r: object) => ({
        apiVersion: 'v1',
        kind,
        spec: { containers: [{ name: 'a', resources: r }] },
      });
      const cpuChanges = (desiredKind: string, liveKind: string) =>
        compareObjects(
          shaped(desiredKind, resources),
          shaped(liveKind, liveResources),
        ).filter(c => c.path !== 'kind');
      expect(cpuChanges('Pod', 'ConfigMap')).toEqual([]);
      expect(cpuChanges('ConfigMap', 'Pod')).toEqual([
        {
          path: 'spec.containers[name=a].resources.limits.cpu',
          kind: 'changed',
          from: '1000m',
          to: '1',
        },
      ]);
      // Lists without merge keys carry the item's position: a LimitRange's limits.
      const limitRange = (max: string) => ({
        apiVersion: 'v1',
        kind: 'LimitRange',
        spec: { limits: [{ type: 'Container', max: { memory: max } }] },
      });
      expect(compareObjects(limitRange('1Gi'), limitRange('1024Mi'))).toEqual(
        [],
      );
    });
  });

  describe('lists without merge keys', () => {
    it('compares items by position', () => {
      expect(
        compareObjects({ args: ['a', 'b'] }, { args: ['a', 'c'] }),
      ).toEqual([{ path: 'args[1]', kind: 'changed', from: 'c', to: 'b' }]);
    });

    it('reports a list of another length as one change of the whole list', () => {
      expect(compareObjects({ args: ['a'] }, { args: ['a', 'b'] })).toEqual([
        { path: 'args', kind: 'changed', from: ['a', 'b'], to: ['a'] },
      ]);
    });

    it('passes the applied item at the same position down', () => {
      expect(
        compareObjects(
          { rules: [{ a: 1 }] },
          { rules: [{ a: 1, b: 2 }] },
          { rules: [{ a: 1, b: 2 }] },
        ),
      ).toEqual([{ path: 'rules[0].b', kind: 'removed', from: 2 }]);
      expect(
        compareObjects(
          { rules: [{ a: 1 }] },
          { rules: [{ a: 1, b: 2 }] },
          { rules: 'not a list' },
        ),
      ).toEqual([]);
    });

    it('compares two empty lists as equal', () => {
      expect(compareObjects({ l: [] }, { l: [] })).toEqual([]);
    });

    it('compares objects by position when one of them has no key', () => {
      expect(
        compareObjects(
          { l: [{ name: 'a' }, { x: 1 }] },
          { l: [{ x: 1 }, { name: 'a' }] },
        ),
      ).toEqual([
        { path: 'l[0].name', kind: 'added', to: 'a' },
        { path: 'l[1].x', kind: 'added', to: 1 },
      ]);
    });

    it('compares lists of scalars mixed with objects by position', () => {
      expect(
        compareObjects({ l: [{ name: 'a' }, 1] }, { l: [{ name: 'a' }, 2] }),
      ).toEqual([{ path: 'l[1]', kind: 'changed', from: 2, to: 1 }]);
    });
  });

  describe('lists with merge keys', () => {
    it('matches named items by name, whatever their order, and labels paths by the key', () => {
      expect(
        compareObjects(
          {
            containers: [
              { name: 'a', image: 'x:2' },
              { name: 'b', image: 'y' },
            ],
          },
          {
            containers: [
              { name: 'b', image: 'y' },
              { name: 'a', image: 'x:1' },
            ],
          },
        ),
      ).toEqual([
        {
          path: 'containers[name=a].image',
          kind: 'changed',
          from: 'x:1',
          to: 'x:2',
        },
      ]);
    });

    it('reports an item desired adds whole', () => {
      expect(
        compareObjects(
          {
            spec: {
              env: [
                { name: 'A', value: '1' },
                { name: 'B', value: '2' },
              ],
            },
          },
          { spec: { env: [{ name: 'A', value: '1' }] } },
        ),
      ).toEqual([
        {
          path: 'spec.env[name=B]',
          kind: 'added',
          to: { name: 'B', value: '2' },
        },
      ]);
    });

    it('reports an item that was applied, is gone from desired and still live as removed', () => {
      const a = { name: 'a', image: 'x' };
      const b = { name: 'b', image: 'y' };
      expect(
        compareObjects(
          { volumes: [a] },
          { volumes: [a, b] },
          { volumes: [a, b] },
        ),
      ).toEqual([{ path: 'volumes[name=b]', kind: 'removed', from: b }]);
    });

    it('leaves live-only items alone when they were never applied or are gone from live', () => {
      const a = { name: 'a' };
      const b = { name: 'b' };
      expect(compareObjects({ volumes: [a] }, { volumes: [a, b] })).toEqual([]);
      expect(
        compareObjects({ volumes: [a] }, { volumes: [a] }, { volumes: [a, b] }),
      ).toEqual([]);
      expect(
        compareObjects({ volumes: [a] }, { volumes: [a, b] }, { volumes: 'x' }),
      ).toEqual([]);
    });

    it('passes the applied item of the same key down', () => {
      expect(
        compareObjects(
          { initContainers: [{ name: 'a' }] },
          { initContainers: [{ name: 'a', image: 'x' }] },
          { initContainers: [{ name: 'z' }, { name: 'a', image: 'y' }] },
        ),
      ).toEqual([
        { path: 'initContainers[name=a].image', kind: 'removed', from: 'x' },
      ]);
    });

    it('matches ports by port, protocol and name, with TCP the protocol when none is given', () => {
      // Live's port without a protocol is matched as TCP: the item is found, only the field differs.
      expect(
        compareObjects(
          { ports: [{ port: 80, protocol: 'TCP', targetPort: 8080 }] },
          { ports: [{ port: 80, targetPort: 8080 }] },
        ),
      ).toEqual([
        {
          path: 'ports[port=80,protocol=TCP].protocol',
          kind: 'added',
          to: 'TCP',
        },
      ]);
      expect(
        compareObjects(
          {
            ports: [
              { port: 53, protocol: 'UDP' },
              { port: 53, protocol: 'TCP' },
            ],
          },
          {
            ports: [
              { port: 53, protocol: 'TCP' },
              { port: 53, protocol: 'UDP' },
            ],
          },
        ),
      ).toEqual([]);
      expect(
        compareObjects(
          { ports: [{ port: 53, protocol: 'UDP' }] },
          { ports: [{ port: 53 }] },
        ),
      ).toEqual([
        {
          path: 'ports[port=53,protocol=UDP]',
          kind: 'added',
          to: { port: 53, protocol: 'UDP' },
        },
      ]);
    });

    it('matches container ports by containerPort', () => {
      expect(
        compareObjects(
          { ports: [{ containerPort: 8080, name: 'http' }] },
          { ports: [{ containerPort: 9090, name: 'http' }] },
        ),
      ).toEqual([
        {
          path: 'ports[containerPort=8080,name=http]',
          kind: 'added',
          to: { containerPort: 8080, name: 'http' },
        },
      ]);
    });

    it.each([
      'containers',
      'initContainers',
      'ephemeralContainers',
      'volumes',
      'env',
      'volumeMounts',
      'imagePullSecrets',
    ])('matches %s by name', list => {
      expect(
        compareObjects(
          { spec: { [list]: [{ name: 'a' }, { name: 'b', v: 1 }] } },
          { spec: { [list]: [{ name: 'b', v: 2 }, { name: 'a' }] } },
        ),
      ).toEqual([
        { path: `spec.${list}[name=b].v`, kind: 'changed', from: 2, to: 1 },
      ]);
    });

    it('matches items of any other list by name when every item has one', () => {
      expect(
        compareObjects(
          { rules: [{ name: 'a' }, { name: 'b', v: 1 }] },
          { rules: [{ name: 'b', v: 2 }, { name: 'a' }] },
        ),
      ).toEqual([{ path: 'rules[name=b].v', kind: 'changed', from: 2, to: 1 }]);
    });

    it('matches by the keys any item has, labelling each item by the keys it has', () => {
      expect(
        compareObjects(
          { ports: [{ port: 80 }, { name: 'metrics' }] },
          { ports: [{ port: 80 }] },
        ),
      ).toEqual([
        { path: 'ports[name=metrics]', kind: 'added', to: { name: 'metrics' } },
      ]);
    });

    it('keeps the keys of an identity apart: containerPort 1 and port 23 are not 12 and 3', () => {
      expect(
        compareObjects(
          { ports: [{ containerPort: 1, port: 23 }] },
          { ports: [{ containerPort: 12, port: 3 }] },
        ),
      ).toEqual([
        {
          path: 'ports[containerPort=1,port=23]',
          kind: 'added',
          to: { containerPort: 1, port: 23 },
        },
      ]);
    });

    it('matches a key left out with the same key given empty (the API server omits empty names)', () => {
      expect(
        compareObjects(
          { ports: [{ port: 80, targetPort: 8080 }] },
          { ports: [{ port: 80, name: '', targetPort: 8080 }] },
        ),
      ).toEqual([]);
    });

    it('removes nothing when the applied configuration of a list is not a list', () => {
      // A live port with only defaulted keys must not be matched by anything
      // made up for a missing applied list.
      for (const applied of [undefined, 'text', { ports: 1 }])
        expect(
          compareObjects(
            { ports: [{ port: 80 }] },
            { ports: [{ port: 80 }, { protocol: 'TCP' }] },
            applied === undefined ? undefined : { ports: applied },
          ),
        ).toEqual([]);
    });

    it('compares a list holding null by position, without reading keys of null', () => {
      expect(
        compareObjects(
          { containers: [{ name: 'a' }, null] },
          { containers: [{ name: 'a' }, null] },
        ),
      ).toEqual([]);
      expect(
        compareObjects(
          { containers: [null, { name: 'a', image: 'x' }] },
          { containers: [{ name: 'a', image: 'x' }, null] },
        ),
      ).toEqual([
        {
          path: 'containers[0]',
          kind: 'changed',
          from: { name: 'a', image: 'x' },
          to: null,
        },
        {
          path: 'containers[1]',
          kind: 'changed',
          from: null,
          to: { name: 'a', image: 'x' },
        },
      ]);
    });

    it('does not match by a key only the name-less list suffix happens to contain', () => {
      // `supports` ends in `ports` but is not a ports list: matched by name.
      expect(
        compareObjects(
          { supports: [{ name: 'a', port: 1 }] },
          { supports: [{ name: 'a', port: 2 }] },
        ),
      ).toEqual([
        { path: 'supports[name=a].port', kind: 'changed', from: 2, to: 1 },
      ]);
    });
  });
});
