import { applyChanges, describeChanges } from './fileChanges';

// File paths come from users and from Git; some are names of
// Object.prototype's members. Each must be an ordinary file.
describe('file changes with paths named like Object.prototype members', () => {
  const snapshot = (files: Record<string, string>) => ({
    commit: 'c0',
    files,
  });

  it('keeps a new file named __proto__ as a file, not a prototype', () => {
    const files = applyChanges(
      { 'README.md': 'hi' },
      JSON.parse('{"__proto__":"data"}'),
    );
    expect(Object.hasOwn(files, '__proto__')).toBe(true);
    expect(Object.keys(files).sort()).toEqual(['README.md', '__proto__']);
    expect(Object.getPrototypeOf(files)).toBe(Object.prototype);
  });

  it('describes new files named constructor, toString and __proto__ as created', () => {
    const changes = JSON.parse(
      '{"constructor":"a","toString":"b","__proto__":"c"}',
    );
    expect(describeChanges(snapshot({}), changes)).toEqual([
      { path: '__proto__', action: 'create', content: 'c' },
      { path: 'constructor', action: 'create', content: 'a' },
      { path: 'toString', action: 'create', content: 'b' },
    ]);
  });

  it('drops the delete of an absent file named constructor', () => {
    expect(describeChanges(snapshot({}), { constructor: null })).toEqual([]);
  });

  it('updates and deletes an existing file named __proto__', () => {
    const before = applyChanges({}, JSON.parse('{"__proto__":"old"}'));
    expect(
      describeChanges(snapshot(before), JSON.parse('{"__proto__":"new"}')),
    ).toEqual([{ path: '__proto__', action: 'update', content: 'new' }]);
    const after = applyChanges(before, JSON.parse('{"__proto__":null}'));
    expect(Object.keys(after)).toEqual([]);
  });
});
