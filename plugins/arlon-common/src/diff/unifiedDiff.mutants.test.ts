import {
  alignEquivalent,
  maskSecretPair,
  MASK_CHANGED,
  projectLive,
  unifiedYamlDiff,
} from './unifiedDiff';

describe('projectLive', () => {
  it('projects lists by name only when every desired item is named', () => {
    const live = [
      { name: 'a', y: 1 },
      { x: 1, z: 2 },
    ];
    expect(projectLive(live, [{ name: 'a' }, { x: 1 }])).toEqual(live);
  });

  it('pairs named items by name, and drops desired items live lacks', () => {
    const live = [
      { name: 'a', v: 0 },
      { name: 'b', v: 2 },
    ];
    expect(projectLive(live, [{ name: 'b', v: 1 }])).toEqual([
      { name: 'b', v: 2 },
    ]);
    expect(projectLive(live, [{ name: 'c' }])).toStrictEqual([]);
  });

  it('keeps a null live field where desired has a mapping', () => {
    expect(projectLive({ a: null }, { a: { b: 1 } })).toEqual({ a: null });
  });
});

describe('alignEquivalent', () => {
  const pod = (containers: object[]) => ({
    apiVersion: 'v1',
    kind: 'Pod',
    spec: { containers },
  });

  it('writes equivalent quantities inside mappings as desired writes them', () => {
    expect(
      alignEquivalent(
        pod([{ name: 'a', resources: { limits: { cpu: '100m' } }, x: 1 }]),
        pod([{ name: 'a', resources: { limits: { cpu: '0.1' } } }]),
      ),
    ).toEqual(
      pod([{ name: 'a', resources: { limits: { cpu: '0.1' } }, x: 1 }]),
    );
  });

  it('aligns list items by name, not by position', () => {
    const live = pod([
      { name: 'b', resources: { requests: { memory: '1Gi' } } },
      { name: 'a', resources: { requests: { memory: '1Mi' } } },
    ]);
    const desired = pod([
      { name: 'a', resources: { requests: { memory: 1048576 } } },
      { name: 'b', resources: { requests: { memory: '1024Mi' } } },
    ]);
    expect(alignEquivalent(live, desired)).toEqual(
      pod([
        { name: 'b', resources: { requests: { memory: '1024Mi' } } },
        { name: 'a', resources: { requests: { memory: 1048576 } } },
      ]),
    );
  });

  it('leaves values outside quantity fields as live writes them', () => {
    const live = { kind: 'ConfigMap', data: { a: '1.10', b: '0.1' } };
    expect(
      alignEquivalent(live, {
        kind: 'ConfigMap',
        data: { a: '1.1', b: '100m' },
      }),
    ).toEqual(live);
    const ports = pod([{ name: 'a', ports: [{ containerPort: '8080' }] }]);
    expect(
      alignEquivalent(
        ports,
        pod([{ name: 'a', ports: [{ containerPort: 8080 }] }]),
      ),
    ).toEqual(ports);
  });
});

describe('maskSecretPair', () => {
  it('leaves a ConfigMap data readable', () => {
    const cm = { kind: 'ConfigMap', data: { a: 'x' } };
    expect(maskSecretPair(cm, cm)).toEqual([cm, cm]);
  });

  it('marks every desired value changed when live has no data', () => {
    const [live, desired] = maskSecretPair(
      { kind: 'Secret' },
      { kind: 'Secret', data: { a: 'eA==' } },
    );
    expect(live).toEqual({ kind: 'Secret' });
    expect(desired.data).toEqual({ a: MASK_CHANGED });
  });
});

describe('unifiedYamlDiff', () => {
  const keys = (changed: string) =>
    Object.fromEntries(
      'abcdefghij'.split('').map(k => [k, k === 'e' ? changed : k]),
    );

  it('names both sides in plain headers and keeps three lines of context', () => {
    const lines = unifiedYamlDiff('web', keys('old'), keys('new')).split('\n');
    expect(lines).toContain('--- live/web');
    expect(lines).toContain('+++ desired/web');
    expect(lines.filter(l => l.startsWith(' '))).toEqual([
      ' b: b',
      ' c: c',
      ' d: d',
      ' f: f',
      ' g: g',
      ' h: h',
    ]);
  });

  it('never folds a long value over lines', () => {
    const long = Array(30).fill('word').join(' ');
    expect(unifiedYamlDiff('web', undefined, { a: long })).toContain(
      `+a: ${long}\n`,
    );
  });
});
