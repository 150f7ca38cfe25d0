import { carriesServerMetadata, fileState } from './liveState';

const withMetadata = (metadata: object) => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'a', ...metadata },
});

describe('carriesServerMetadata', () => {
  it.each([
    [{ uid: '6f1d1c2e-3b7a-4f0e-9a51-2d8c0b7e4a10' }],
    [{ resourceVersion: '48213' }],
    [{ creationTimestamp: '2026-11-30T09:12:44Z' }],
    [{ managedFields: [{ manager: 'kubectl' }] }],
  ])('is true for an object read from a cluster: %j', metadata => {
    expect(carriesServerMetadata(withMetadata(metadata))).toBe(true);
  });

  it.each([
    [{}, 'a hand-written manifest'],
    [{ creationTimestamp: null }, 'kubectl create --dry-run output'],
    [{ resourceVersion: '' }, "a List's empty resourceVersion"],
    [{ uid: '' }, 'an empty uid'],
    [{ managedFields: [] }, 'no managed fields'],
    [{ generation: 3, labels: { uid: 'x' } }, 'other metadata'],
  ])('is false for %j (%s)', (metadata, _reason) => {
    expect(carriesServerMetadata(withMetadata(metadata))).toBe(false);
  });
});

describe('fileState', () => {
  const live = withMetadata({ uid: 'u' });
  const manifest = withMetadata({});

  it('is live when every object carries server metadata', () => {
    expect(fileState([live, live])).toEqual({ kind: 'live' });
  });

  it('is manifests when none does, or there are no objects', () => {
    expect(fileState([manifest])).toEqual({ kind: 'manifests' });
    expect(fileState([])).toEqual({ kind: 'manifests' });
  });

  it('is mixed, with counts, when some do', () => {
    expect(fileState([live, manifest, live])).toEqual({
      kind: 'mixed',
      live: 2,
      total: 3,
    });
  });
});
