import { FLEET_FORMAT_ANNOTATION, fleetFormatOfGenerated } from './fleetFormat';

const BOOTSTRAP = 'generated/bootstrap/arlon-fleet.yaml';
const withAnnotation = (value: string) =>
  `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: arlon-fleet\n  annotations:\n    ${FLEET_FORMAT_ANNOTATION}: ${value}\n`;

describe('fleetFormatOfGenerated on hostile trees', () => {
  it('treats a version that is not a positive integer as unrecorded', () => {
    for (const value of [
      '"1.5"',
      '"1st"',
      '"-1"',
      '"0"',
      '"v1"',
      '"1e9"',
      '[1]',
      '{}',
    ])
      expect(
        fleetFormatOfGenerated({ [BOOTSTRAP]: withAnnotation(value) }),
      ).toEqual({
        status: 'unrecorded',
      });
  });

  it('treats an absurdly large version as unrecorded, not as a number', () => {
    expect(
      fleetFormatOfGenerated({
        [BOOTSTRAP]: withAnnotation(`"${'9'.repeat(400)}"`),
      }),
    ).toEqual({ status: 'unrecorded' });
  });

  it('treats a YAML alias bomb as missing instead of expanding it', () => {
    const bomb = [
      'a: &a ["x","x","x","x","x","x","x","x","x"]',
      ...Array.from({ length: 9 }, (_, i) => {
        const prev = i === 0 ? 'a' : String.fromCharCode(97 + i);
        const next = String.fromCharCode(98 + i);
        return `${next}: &${next} [*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev}]`;
      }),
      'kind: Application',
    ].join('\n');
    expect(fleetFormatOfGenerated({ [BOOTSTRAP]: bomb })).toEqual({
      status: 'missing',
    });
  });

  it('ignores an annotation on another object than the bootstrap Application', () => {
    const text = withAnnotation('"3"').replace(
      'name: arlon-fleet',
      'name: other',
    );
    expect(fleetFormatOfGenerated({ [BOOTSTRAP]: text })).toEqual({
      status: 'missing',
    });
  });

  it('treats unparseable YAML as missing', () => {
    expect(
      fleetFormatOfGenerated({ [BOOTSTRAP]: 'kind: [unclosed\n' }),
    ).toEqual({
      status: 'missing',
    });
  });

  it('treats a bootstrap file the yaml library cannot make data of as missing, not a crash', () => {
    // Valid YAML 1.1, but a merge key (<<) may only merge mappings.
    const text = `%YAML 1.1\n---\n${withAnnotation(
      '"1"',
    )}x: &x 1\ny:\n  <<: *x\n`;
    expect(fleetFormatOfGenerated({ [BOOTSTRAP]: text })).toEqual({
      status: 'missing',
    });
  });
});
