import fc from 'fast-check';
import { fuzzParameters, fuzzTimeout } from '../__testUtils__/fuzz';
import {
  LabelRequirement,
  LabelSelectorError,
  matchesLabelSelector,
  parseLabelSelector,
} from './labelSelector';

/** Characters a selector is made of, and a few it must refuse. */
const SELECTOR_CHARS = [
  ...'ab1-._/=!(),<> \tin',
  'notin',
  '\u0000',
  '€',
  '__proto__',
];

const requirementText = (r: LabelRequirement): string => {
  switch (r.operator) {
    case 'In':
      return `${r.key} in (${r.values.join(',')})`;
    case 'NotIn':
      return `${r.key} notin (${r.values.join(',')})`;
    case 'Equals':
      return `${r.key}=${r.values[0]}`;
    case 'NotEquals':
      return `${r.key}!=${r.values[0]}`;
    case 'Exists':
      return r.key;
    case 'DoesNotExist':
      return `!${r.key}`;
    case 'GreaterThan':
      return `${r.key}>${r.values[0]}`;
    default:
      return `${r.key}<${r.values[0]}`;
  }
};

const name = fc.stringMatching(/^[a-z0-9]([a-z0-9._-]{0,8}[a-z0-9])?$/);
const prefix = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,6}[a-z0-9])?$/);
const key = fc.oneof(
  name,
  fc.tuple(prefix, name).map(([p, n]) => `${p}.io/${n}`),
);
const value = fc.oneof(fc.constant(''), name);
const requirement: fc.Arbitrary<LabelRequirement> = fc.oneof(
  fc.record({
    key,
    operator: fc.constantFrom('In' as const, 'NotIn' as const),
    values: fc.uniqueArray(name, { minLength: 1, maxLength: 3 }),
  }),
  fc.record({
    key,
    operator: fc.constantFrom('Equals' as const, 'NotEquals' as const),
    values: value.map(v => [v]),
  }),
  fc.record({
    key,
    operator: fc.constantFrom('Exists' as const, 'DoesNotExist' as const),
    values: fc.constant<string[]>([]),
  }),
  fc.record({
    key,
    operator: fc.constantFrom('GreaterThan' as const, 'LessThan' as const),
    values: fc.nat().map(n => [String(n)]),
  }),
);

/** True when `text` is read, or refused as promised: a LabelSelectorError quoting a part of it, not echoing a long one. */
function readOrRefused(text: string): boolean {
  try {
    parseLabelSelector(text);
    return true;
  } catch (e) {
    if (!(e instanceof LabelSelectorError)) return false;
    return (
      text.includes(e.part) &&
      (e.part.length <= 64 || !e.message.includes(e.part))
    );
  }
}

describe('parseLabelSelector, property-based', () => {
  it(
    'reads any text into requirements or refuses it with a LabelSelectorError that shows at most 64 characters of it',
    () => {
      fc.assert(
        fc.property(
          fc.oneof(
            fc.string({ maxLength: 80 }),
            fc
              .array(fc.constantFrom(...SELECTOR_CHARS), { maxLength: 30 })
              .map(a => a.join('')),
          ),
          text => expect(readOrRefused(text)).toBe(true),
        ),
        fuzzParameters(500),
      );
    },
    fuzzTimeout(60_000),
  );

  it(
    'reads back the requirements a selector was written from, and matches as they say',
    () => {
      fc.assert(
        fc.property(
          fc.array(requirement, { minLength: 1, maxLength: 4 }),
          fc.dictionary(fc.constantFrom('a', 'b', 'x.io/a'), value),
          (requirements, labels) => {
            const sorted = requirements.map(r => ({
              ...r,
              values: [...r.values].sort(),
            }));
            const text = sorted.map(requirementText).join(',');
            expect(parseLabelSelector(text)).toEqual(sorted);
            expect(matchesLabelSelector(sorted, labels)).toBe(
              sorted.every(r => matchesLabelSelector([r], labels)),
            );
          },
        ),
        fuzzParameters(300),
      );
    },
    fuzzTimeout(60_000),
  );
});
