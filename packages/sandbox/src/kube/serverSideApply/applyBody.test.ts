import { parse as parseYaml } from 'yaml';
import { readApplyBody } from './applyBody';

/** What the body reads as through the YAML parser alone: the reference. */
const asYaml = (body: string) => {
  try {
    return { value: parseYaml(body) };
  } catch (error) {
    return { error: (error as Error).message };
  }
};
const asRead = (body: string) => {
  try {
    return { value: readApplyBody(body) };
  } catch (error) {
    return { error: (error as Error).message };
  }
};

describe('readApplyBody', () => {
  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', labels: { 'app.kubernetes.io/name': 'web' } },
    spec: {
      replicas: 2,
      paused: false,
      minReadySeconds: 0,
      template: {
        spec: {
          containers: [
            {
              name: 'app',
              image: 'nginx:1.27',
              args: ['--flag="quoted"', 'back\\slash', 'tab\tnew\nline'],
              env: [{ name: 'EMPTY', value: '' }],
              resources: { limits: { cpu: 0.5, memory: '1Gi' } },
            },
          ],
          nodeSelector: null,
        },
      },
    },
  };

  it.each([
    ['what client-node sends', JSON.stringify(deployment)],
    ['pretty-printed JSON', JSON.stringify(deployment, null, 2)],
    ['numbers JSON writes in exponent form', '{"a":1e+21,"b":1.5e-7,"c":-3}'],
    ['integers past 2^53', '{"big":1152921504606846976}'],
    ['control characters and lone surrogates', '{"s":"\\u0001\\ud800\\b\\f"}'],
    ['keys JavaScript reorders', '{"b":1,"1":2}'],
    ['non-ASCII text', '{"s":"caf\u00e9 \u2028 \u{1f600}"}'],
    ['DEL', '{"s":"a\u007fb"}'],
    ['YAML', 'apiVersion: v1\nkind: ConfigMap\ndata: {a: "1"}\n'],
    ['a JSON document after YAML comments', '# c\n{"a":1}'],
  ])('reads %s as the YAML parser does', (_, body) => {
    expect(asRead(body)).toEqual(asYaml(body));
  });

  it('refuses duplicate keys in JSON as YAML does, where JSON.parse would keep the last', () => {
    const body = '{"apiVersion":"v1","kind":"ConfigMap","kind":"Secret"}';
    expect(() => JSON.parse(body)).not.toThrow();
    expect(asYaml(body).error).toBeDefined();
    expect(asRead(body)).toEqual(asYaml(body));
  });

  it('refuses a duplicate key with the same value too', () => {
    const body = '{"data":{"a":"1","a":"1"}}';
    expect(asRead(body).error).toBeDefined();
  });

  it('leaves bodies nested past the limit to the YAML parser, which reads them without recursing', () => {
    const body = `{"a":${'['.repeat(400)}${']'.repeat(400)}}`;
    expect(asRead(body)).toEqual(asYaml(body));
  });
});
