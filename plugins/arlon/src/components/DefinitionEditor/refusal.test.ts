import { refusalOf } from './refusal';

describe('refusalOf', () => {
  it("shows the backend's message of a 409 and marks it a conflict", () => {
    expect(
      refusalOf({
        message: 'Request failed with 409 Conflict',
        statusCode: 409,
        body: { error: { message: 'arlon/bundles/x.yaml changed …' } },
      }),
    ).toEqual({
      message: 'arlon/bundles/x.yaml changed …',
      problems: [],
      conflict: true,
    });
  });

  it("keeps a 400's validation problems", () => {
    const problems = [
      { file: 'f', line: 2, column: 1, field: '', message: 'm' },
    ];
    expect(
      refusalOf({
        statusCode: 400,
        body: { error: { message: '1 problem' }, problems },
      }),
    ).toEqual({ message: '1 problem', problems, conflict: false });
  });

  it('falls back to the error message, then to a sentence, for anything else', () => {
    expect(refusalOf(new Error('offline')).message).toBe('offline');
    expect(refusalOf(undefined).message).toBe('The request failed');
    expect(refusalOf({ body: { problems: 'no' } }).problems).toEqual([]);
  });
});
