import { carriesServerMetadata, fileState } from './liveState';

describe('carriesServerMetadata with hostile manifests', () => {
  it.each([
    [null],
    [undefined],
    ['text'],
    [7],
    [[{ metadata: { uid: 'u' } }]],
    [{ metadata: null }],
    [{ metadata: 'uid' }],
    [{ metadata: ['uid'] }],
  ])('is false, without throwing, for %j', object => {
    expect(carriesServerMetadata(object)).toBe(false);
  });

  it.each([
    [{ uid: 7 }],
    [{ uid: { toString: 'x' } }],
    [{ resourceVersion: 48213 }],
    [{ creationTimestamp: {} }],
    [{ managedFields: 'kubectl' }],
    [{ managedFields: { 0: 'x', length: 1 } }],
  ])('takes only the shapes an API server writes, not %j', metadata => {
    expect(carriesServerMetadata({ metadata })).toBe(false);
  });

  it('does not read inherited fields: a __proto__ key holding a uid is not a uid', () => {
    const metadata = JSON.parse(
      '{"__proto__": {"uid": "u", "resourceVersion": "1"}}',
    );
    expect(carriesServerMetadata({ metadata })).toBe(false);
    const inherited = Object.create({ uid: 'u' });
    expect(carriesServerMetadata({ metadata: inherited })).toBe(false);
    expect(({} as any).uid).toBeUndefined();
  });

  it('classifies a huge side in one pass', () => {
    const objects = Array.from({ length: 50_000 }, (_, i) => ({
      metadata: { name: `o${i}`, uid: `${i}` },
    }));
    expect(fileState(objects as any)).toEqual({ kind: 'live' });
  });
});
