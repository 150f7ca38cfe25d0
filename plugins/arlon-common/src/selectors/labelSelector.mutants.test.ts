import {
  LabelSelectorError,
  matchesLabelSelector,
  parseLabelSelector,
} from './labelSelector';
import { labelSelectorObjectRequirements } from './labelSelectorObject';
import { labelSelectorTokens } from './labelSelectorTokens';

/**
 * Exact behaviour at the edges the mutation run (docs/testing.md, label
 * selectors, fourth session) found unpinned; each case is checked against
 * k8s.io/apimachinery: validation.IsQualifiedName / IsValidLabelValue (63 for
 * a name or value, 253 for a prefix, `>` not `>=`), labels.Parse and
 * Requirement.Matches (strconv.ParseInt(v, 10, 64) for Gt and Lt).
 */
const HINT = 'use forms such as env=prod, env in (dev,qa), !legacy';

function errorOf(read: () => unknown): LabelSelectorError {
  try {
    read();
  } catch (e) {
    expect(e).toBeInstanceOf(LabelSelectorError);
    return e as LabelSelectorError;
  }
  throw new Error('no error');
}

describe('label keys and values at their limits', () => {
  it('takes a name and a value of exactly 63 characters', () => {
    const name = 'a'.repeat(63);
    expect(parseLabelSelector(`${name}=${name}`)).toEqual([
      { key: name, operator: 'Equals', values: [name] },
    ]);
  });

  it('takes a prefix of exactly 253 characters', () => {
    const key = `${'a'.repeat(253)}/x`;
    expect(parseLabelSelector(key)).toEqual([
      { key, operator: 'Exists', values: [] },
    ]);
  });

  it('refuses a long unprefixed key for its name, not as a prefix', () => {
    const key = 'a'.repeat(254);
    expect(errorOf(() => parseLabelSelector(key)).reason).toBe(
      `"${'a'.repeat(
        64,
      )}…" is no label key: the name part must be no more than 63 characters`,
    );
  });

  it('refuses an empty name after a prefix', () => {
    expect(errorOf(() => parseLabelSelector('example.com/')).message).toBe(
      `Cannot read label selector at "example.com/"; "example.com/" is no label key: the name part must be non-empty; ${HINT}`,
    );
  });

  it('refuses an empty key for its empty name (there is no prefix)', () => {
    expect(
      errorOf(() =>
        labelSelectorObjectRequirements({ matchLabels: { '': 'x' } }),
      ).reason,
    ).toBe('"" is no label key: the name part must be non-empty');
  });

  it('says a bad value is no label value', () => {
    expect(errorOf(() => parseLabelSelector('env=-a')).reason).toBe(
      `"-a" is no label value: a label value must consist of alphanumeric characters, '-', '_' or '.', starting and ending with an alphanumeric character`,
    );
  });
});

describe('parseLabelSelector, exactly', () => {
  it('names the term through the comma it stopped at', () => {
    const error = errorOf(() => parseLabelSelector('a,,'));
    expect(error.part).toBe('a,,');
    expect(error.reason).toBe("found ',', expected: identifier after ','");
  });

  it.each(['k>a1', 'k>1a', 'k<x1'])(
    'refuses %j: no integer, as strconv.ParseInt reads it',
    selector => {
      expect(errorOf(() => parseLabelSelector(selector)).reason).toBe(
        "for '>' and '<', the value must be an integer",
      );
    },
  );

  it('takes the largest int64 as a bound', () => {
    expect(parseLabelSelector('k<9223372036854775807')).toEqual([
      { key: 'k', operator: 'LessThan', values: ['9223372036854775807'] },
    ]);
  });
});

describe('matchesLabelSelector with > and <', () => {
  const gt = parseLabelSelector('n>5');
  const lt = parseLabelSelector('n<5');
  const at = (n: string) => ({ n });

  it.each([
    ['4', false, true],
    ['5', false, false],
    ['6', true, false],
    // no integer to strconv.ParseInt: neither holds
    ['x6', false, false],
    ['6x', false, false],
  ])('n=%j: n>5 %s, n<5 %s', (n, greater, less) => {
    expect(matchesLabelSelector(gt, at(n))).toBe(greater);
    expect(matchesLabelSelector(lt, at(n))).toBe(less);
  });

  it('reads labels over the whole int64 range, and no further', () => {
    const below = parseLabelSelector('n<0');
    expect(matchesLabelSelector(below, at('-9223372036854775808'))).toBe(true);
    expect(matchesLabelSelector(below, at('-9223372036854775809'))).toBe(false);
  });
});

describe('labelSelectorObjectRequirements, exactly', () => {
  it('takes null as no selector', () => {
    expect(labelSelectorObjectRequirements(null)).toEqual([]);
  });

  it('refuses a null expression as no expression', () => {
    expect(
      errorOf(() =>
        labelSelectorObjectRequirements({ matchExpressions: [null] }),
      ).message,
    ).toBe(
      'Cannot read label selector at "matchExpressions[0]"; an expression is {key, operator, values}',
    );
  });

  it.each([
    ['env=prod', 'selector'],
    [{ matchLabels: ['env'] }, 'matchLabels'],
    [{ matchExpressions: {} }, 'matchExpressions'],
    [{ matchLabels: { env: 'prod', tier: 'a b' } }, 'matchLabels[1]'],
  ])('names the field of %j', (selector, part) => {
    expect(errorOf(() => labelSelectorObjectRequirements(selector)).part).toBe(
      part,
    );
  });

  it('sorts the values of an expression, once each', () => {
    expect(
      labelSelectorObjectRequirements({
        matchExpressions: [
          { key: 'k', operator: 'In', values: ['b', 'a', 'b'] },
        ],
      }),
    ).toEqual([{ key: 'k', operator: 'In', values: ['a', 'b'] }]);
  });
});

describe('labelSelectorTokens', () => {
  it('ends where the text ends', () => {
    expect(labelSelectorTokens('a')).toEqual([
      { kind: 'word', text: 'a', at: 0 },
      { kind: 'end', text: '', at: 1 },
    ]);
  });
});
