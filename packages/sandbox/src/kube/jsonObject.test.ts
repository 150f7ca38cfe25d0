import { copyJson } from './jsonObject';

describe('copyJson', () => {
  const object = {
    apiVersion: 'apps/v1',
    metadata: { name: 'web', labels: { a: '1' }, finalizers: ['x'] },
    spec: {
      replicas: 0,
      paused: false,
      selector: null,
      template: { spec: { containers: [{ name: 'app', args: [] }] } },
      unset: undefined,
    },
  };

  it('copies JSON data as structuredClone does', () => {
    // structuredClone makes its objects in Node's realm, not the test's: compare shape and text.
    const copy = copyJson(object);
    expect(copy).toEqual(structuredClone(object));
    expect(JSON.stringify(copy)).toBe(JSON.stringify(structuredClone(object)));
    expect('unset' in copy.spec).toBe(true);
  });

  it('shares nothing with the original: changing the copy leaves it alone', () => {
    const copy = copyJson(object);
    copy.metadata.labels.a = '2';
    copy.metadata.finalizers.push('y');
    copy.spec.template.spec.containers[0].name = 'other';
    expect(object.metadata.labels.a).toBe('1');
    expect(object.metadata.finalizers).toEqual(['x']);
    expect(object.spec.template.spec.containers[0].name).toBe('app');
  });

  it('keeps a "__proto__" key as data, never as the prototype', () => {
    const parsed = JSON.parse('{"__proto__":{"polluted":true},"a":1}');
    const copy = copyJson(parsed);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect((copy as any).polluted).toBeUndefined();
    expect(Object.keys(copy)).toEqual(['__proto__', 'a']);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(parsed));
  });

  it('keeps holes and hands what is not plain data to structuredClone', () => {
    // eslint-disable-next-line no-sparse-arrays
    const holes = [1, , 3];
    expect(1 in copyJson(holes)).toBe(false);
    const when = new Date(0);
    const copy = copyJson({ when });
    expect(Object.prototype.toString.call(copy.when)).toBe('[object Date]');
    expect(copy.when).not.toBe(when);
    expect(copy.when.getTime()).toBe(0);
  });
});
