import { compareRendered } from './sections';

// Cases Stryker showed no other test would notice (issue 21).
const cm = (name: string, namespace?: string) => ({
  bundle: 'b',
  object: {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, ...(namespace ? { namespace } : {}) },
  } as any,
});

describe('compareRendered (mutation survivors)', () => {
  it("places an object without namespace in 'default', lists objects only on the left as deleted, and notes each reason once", () => {
    const section = compareRendered(
      'a → b',
      { objects: [cm('same'), cm('gone')], notes: ['x', 'y'] },
      { objects: [cm('same', 'default')], notes: ['y'] },
    );
    expect(section.objects.map(o => [o.name, o.action])).toEqual([
      ['gone', 'delete'],
      ['same', 'unchanged'],
    ]);
    expect(section.notes).toEqual(['x', 'y']);
  });

  it('names the side that holds an object twice, right as well as left', () => {
    const section = compareRendered(
      'a → b',
      { objects: [cm('one')], notes: [] },
      { objects: [cm('one'), cm('one')], notes: [] },
    );
    expect(section.notes).toEqual([
      'the right side holds /ConfigMap/default/one more than once: the last one is compared (applying them in order leaves it)',
    ]);
  });
});
