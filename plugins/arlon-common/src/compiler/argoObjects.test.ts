import { sorted } from './argoObjects';

describe('sorted', () => {
  it('lists a fleet map by name, not by the order its files were read', () => {
    const read = new Map([
      ['web', 'profiles/web.yaml'],
      ['base', 'profiles/base.yaml'],
      ['monitoring', 'profiles/monitoring.yaml'],
    ]);
    expect(sorted(read)).toEqual([
      'profiles/base.yaml',
      'profiles/monitoring.yaml',
      'profiles/web.yaml',
    ]);
  });
});
