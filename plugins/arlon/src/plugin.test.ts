import { arlonPlugin } from './plugin';

describe('arlon', () => {
  it('should export plugin', () => {
    expect(arlonPlugin).toBeDefined();
  });
});
