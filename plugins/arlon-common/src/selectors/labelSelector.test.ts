import {
  LabelSelectorError,
  matchesLabelSelector,
  parseLabelSelector,
} from './labelSelector';

/**
 * The selector read as Kubernetes' API server reads it
 * (k8s.io/apimachinery/pkg/labels/selector.go). Each "difference" case is a
 * selector the three earlier copies (arlon-node, the sandbox's API server,
 * the sandbox's ArgoCD) read differently; docs/decisions.md says why this
 * reading was kept.
 */
describe('parseLabelSelector', () => {
  const labels = { env: 'prod', tier: 'web', empty: '', replicas: '3' };
  const matches = (selector: string) =>
    matchesLabelSelector(parseLabelSelector(selector), labels);

  it('reads each operator into a requirement', () => {
    expect(
      parseLabelSelector('a=1,b==2,c!=3,d in (y,x,x),e notin (z),f,!g,h>4,i<5'),
    ).toEqual([
      { key: 'a', operator: 'Equals', values: ['1'] },
      { key: 'b', operator: 'Equals', values: ['2'] },
      { key: 'c', operator: 'NotEquals', values: ['3'] },
      { key: 'd', operator: 'In', values: ['x', 'y'] },
      { key: 'e', operator: 'NotIn', values: ['z'] },
      { key: 'f', operator: 'Exists', values: [] },
      { key: 'g', operator: 'DoesNotExist', values: [] },
      { key: 'h', operator: 'GreaterThan', values: ['4'] },
      { key: 'i', operator: 'LessThan', values: ['5'] },
    ]);
  });

  it.each([
    // empty and blank select everything
    ['', true],
    [' \t\n', true],
    // difference: the sandbox API server dropped empty values, so `in ()`
    // matched nothing; Kubernetes reads () and empty slots as the value ""
    ['empty in ()', true],
    ['env in ()', false],
    ['env notin ()', true],
    ['empty in (a,)', true],
    ['empty in (,a)', true],
    ['empty in (a,,b)', true],
    ['empty notin (a,)', false],
    ['env=', false],
    ['empty=', true],
    ['empty!=', false],
    // difference: `in` needs no space before its parenthesis
    ['env in(dev,prod)', true],
    ['env notin(dev)', true],
    // difference: a space after `!` is allowed
    ['! region', true],
    ['! env', false],
    // `in` and `notin` are words where a key or value stands
    ['in', false],
    ['env notin (in,notin)', true],
    // prefixed keys
    ['app.kubernetes.io/name', false],
    ['profile.arlon.io/demo notin (true)', true],
    // difference: > and < compare integers; a label that is no integer fails both
    ['replicas>2', true],
    ['replicas<3', false],
    ['env>0', false],
    ['env<0', false],
    ['region>0', false],
  ])('%j → %s', (selector, expected) => {
    expect(matches(selector)).toBe(expected);
  });

  it.each([
    // difference: node and the sandbox read "a b" as one value
    ['env in (a b)', "found 'b', expected: ',' or ')'"],
    // difference: node ignored empty terms, Kubernetes refuses them
    ['env=prod,', "found '', expected: identifier after ','"],
    [',env=prod', "found ',', expected: !, identifier, or 'end of string'"],
    ['env=prod,,tier=web', "found ',', expected: identifier after ','"],
    // difference: the sandbox took any characters in keys and values
    ['env=a/b', '"a/b" is no label value'],
    ['env=-a', '"-a" is no label value'],
    ['€=1', '"€" is no label key'],
    ['_x', '"_x" is no label key'],
    ['a/b/c', 'at most one'],
    ['/a', 'the prefix part must be non-empty'],
    ['Example.com/a', 'lowercase DNS subdomain'],
    [`${'a'.repeat(64)}`, 'no more than 63 characters'],
    [`env=${'a'.repeat(64)}`, 'no more than 63 characters'],
    [`${'a'.repeat(254)}/x`, 'no more than 253 characters'],
    // operators and their values
    ['env ~prod', "found '~prod', expected: in, notin, =, ==, !=, >, <"],
    ['env~prod', '"env~prod" is no label key'],
    ['env in prod', "found 'prod', expected: '('"],
    ['env in (prod', "found '', expected: ',' or ')'"],
    ['env in (,,)', "found ')', expected: ',', or identifier"],
    ['env in (=)', "found '=', expected: ',', ')' or identifier"],
    ['env in (a,=)', "found '=', expected: ',', or identifier"],
    ['env==(', "found '(', expected: identifier"],
    ['!env=prod', "found '=', expected: ',' or 'end of string'"],
    ['!=prod', "found '!=', expected: !, identifier, or 'end of string'"],
    ['!!env', "found '!', expected: identifier"],
    ['replicas>x', 'must be an integer'],
    ['replicas>-1', '"-1" is no label value'],
    ['replicas>9223372036854775808', 'must be an integer'],
    ['env=prod)', "found ')', expected: ',' or 'end of string'"],
  ])('refuses %j: %s', (selector, reason) => {
    expect(() => parseLabelSelector(selector)).toThrow(reason);
  });

  it('names the term it stopped at, from its start to the next comma outside parentheses', () => {
    const read = (selector: string) => {
      try {
        parseLabelSelector(selector);
      } catch (e) {
        return (e as LabelSelectorError).part;
      }
      return undefined;
    };
    expect(read('env=prod, tier in (a b,c) ,x')).toBe('tier in (a b,c)');
    expect(read('env=prod x,y')).toBe('env=prod x');
    expect(read('env=prod,')).toBe('env=prod,');
    expect(read(',x')).toBe(',x');
  });

  it('is an InputError that shows at most 64 characters of the term', () => {
    const error = (() => {
      try {
        parseLabelSelector(`${'k'.repeat(100)}`);
      } catch (e) {
        return e as LabelSelectorError;
      }
      return undefined;
    })();
    expect(error?.name).toBe('InputError');
    expect(error?.part).toBe('k'.repeat(100));
    expect(error?.message).not.toContain('k'.repeat(65));
  });

  it('reads the values of a set once each, sorted', () => {
    expect(parseLabelSelector('env in (b,a,b,)')[0].values).toEqual([
      '',
      'a',
      'b',
    ]);
  });
});

describe('matchesLabelSelector', () => {
  it('matches only own labels', () => {
    const inherited = Object.create({ env: 'prod' });
    expect(matchesLabelSelector(parseLabelSelector('env'), inherited)).toBe(
      false,
    );
    expect(matchesLabelSelector(parseLabelSelector('toString'), {})).toBe(
      false,
    );
  });

  it('takes missing labels as no labels', () => {
    expect(matchesLabelSelector(parseLabelSelector('!env'), undefined)).toBe(
      true,
    );
    expect(matchesLabelSelector([], undefined)).toBe(true);
  });

  it('compares integers whole, beyond 2^53', () => {
    const big = { n: '9007199254740993' };
    expect(
      matchesLabelSelector(parseLabelSelector('n>9007199254740992'), big),
    ).toBe(true);
  });
});
