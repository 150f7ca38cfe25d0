import { Errors } from 'isomorphic-git';
import { fetchFallbackReason } from './fetchFallbackReason';
import { GitRedirectError } from './gitRedirects';

describe('fetchFallbackReason', () => {
  it('is an HTTP error’s status only, never the page the server sent', () => {
    const error = new Errors.HttpError(403, 'Forbidden', 'token=s3cret');
    expect(fetchFallbackReason(error)).toBe('the server answered HTTP 403');
  });

  it('is a network error’s code', () => {
    const error = Object.assign(new Error('connect ECONNRESET 10.0.0.1:443'), {
      code: 'ECONNRESET',
    });
    expect(fetchFallbackReason(error)).toBe('a network error (ECONNRESET)');
  });

  it('cuts credentials, queries, commit ids and control characters out of any other message, and is bounded', () => {
    const reason = fetchFallbackReason(
      new GitRedirectError(
        `at https://bot:s3cret@git.example/fleet.git?token=t0k for ${'a'.repeat(
          40,
        )}\r\nInjected: line ${'x'.repeat(1000)}`,
      ),
    );
    expect(reason).toMatch(
      /^GitRedirectError: at https:\/\/git\.example\/fleet\.git for <commit> Injected: line x+$/,
    );
    expect(reason).not.toMatch(/s3cret|t0k|[\r\n]/);
    expect(reason.length).toBeLessThanOrEqual(300);
  });

  it('is the same for two commits refused for the same reason', () => {
    const refused = (oid: string) =>
      fetchFallbackReason(
        Object.assign(new Error(`upload-pack: not our ref ${oid}`), {
          name: 'WantRefusedError',
        }),
      );
    expect(refused('1'.repeat(40))).toBe(refused('2'.repeat(40)));
  });
});
