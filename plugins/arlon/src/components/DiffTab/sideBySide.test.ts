import { createTwoFilesPatch } from 'diff';
import { sideBySide } from './sideBySide';

describe('sideBySide', () => {
  it('pairs a changed line with its replacement and keeps context on both sides', () => {
    const unified = createTwoFilesPatch(
      'live',
      'desired',
      'a: 1\nreplicas: 4\nc: 3\n',
      'a: 1\nreplicas: 2\nc: 3\nd: 4\n',
    );
    expect(sideBySide(unified)).toEqual([
      { hunk: '@@ -1,3 +1,4 @@' },
      {
        left: { number: 1, text: 'a: 1', changed: false },
        right: { number: 1, text: 'a: 1', changed: false },
      },
      {
        left: { number: 2, text: 'replicas: 4', changed: true },
        right: { number: 2, text: 'replicas: 2', changed: true },
      },
      {
        left: { number: 3, text: 'c: 3', changed: false },
        right: { number: 3, text: 'c: 3', changed: false },
      },
      { left: undefined, right: { number: 4, text: 'd: 4', changed: true } },
    ]);
  });

  it('shows a created object on the right only', () => {
    const rows = sideBySide(
      createTwoFilesPatch('live', 'desired', '', 'kind: ConfigMap\n'),
    );
    expect(rows.slice(1)).toEqual([
      {
        left: undefined,
        right: { number: 1, text: 'kind: ConfigMap', changed: true },
      },
    ]);
  });
});
