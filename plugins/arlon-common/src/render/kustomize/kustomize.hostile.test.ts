import { renderSource } from '../renderSource';
import { UnrenderableSource } from '../UnrenderableSource';
import { MAX_KUSTOMIZE_FILE_BYTES } from './files';

const SECRET = 'hunter2-s3cr3t-value';

/** The message a kustomization is refused with; fails if it renders or throws anything else. */
function refusal(files: Record<string, string>, dir = 'app'): string {
  try {
    renderSource(new Map(Object.entries(files)), dir, false);
  } catch (error) {
    expect(error).toBeInstanceOf(UnrenderableSource);
    return (error as Error).message;
  }
  throw new Error('it rendered');
}

const cm = {
  'app/cm.yaml':
    'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {k: v}\n',
};
const withK = (k: string, extra: Record<string, string> = {}) => ({
  'app/kustomization.yaml': k,
  ...cm,
  ...extra,
});

describe('hostile kustomizations', () => {
  describe('files are confined to the kustomization directory', () => {
    it.each([
      [
        'patches:\n- path: ../other/secret.yaml\n  target: {kind: ConfigMap}\n',
        'patches[0]',
      ],
      [
        'patches:\n- path: /etc/passwd\n  target: {kind: ConfigMap}\n',
        'patches[0]',
      ],
      [
        'patches:\n- path: "file:///etc/passwd"\n  target: {kind: ConfigMap}\n',
        'patches[0]',
      ],
      [
        'patches:\n- path: https://example.com/p.yaml\n  target: {kind: ConfigMap}\n',
        'patches[0]',
      ],
      [
        'patchesStrategicMerge: [sub/../../other/secret.yaml]\n',
        'patchesStrategicMerge[0]',
      ],
      [
        'configMapGenerator:\n- {name: x, files: [../other/secret.yaml]}\n',
        'configMapGenerator "x": files[0]',
      ],
      [
        'configMapGenerator:\n- {name: x, files: [key=../../other/secret.yaml]}\n',
        'configMapGenerator "x": files[0]',
      ],
      [
        'secretGenerator:\n- {name: x, envs: [../other/secret.env]}\n',
        'secretGenerator "x": envs[0]',
      ],
    ])('refuses %j, naming the entry', (k, where) => {
      const message = refusal(
        withK(`resources: [cm.yaml]\n${k}`, {
          'other/secret.yaml': `password: ${SECRET}\n`,
          'other/secret.env': `P=${SECRET}\n`,
        }),
      );
      expect(message.startsWith(`app/kustomization.yaml: ${where}`)).toBe(true);
      expect(message).toMatch(
        /leaves the kustomization's directory|not a path inside the kustomization's directory/,
      );
      expect(message).not.toContain(SECRET);
    });

    it('refuses a resource outside the bundle (a base in ../), saying what to do', () => {
      expect(
        refusal(
          withK('resources: [../other]\n', {
            'other/kustomization.yaml': 'resources: []\n',
          }),
        ),
      ).toBe(
        "app/kustomization.yaml: resource \"../other\" is outside the bundle's directory; Arlon's renderer reads only the bundle's own tree (move the base inside it, or compare against a live cluster where ArgoCD has applied it)",
      );
    });

    it('refuses a missing file by name', () => {
      expect(
        refusal(
          withK(
            'resources: [cm.yaml]\npatchesStrategicMerge: [missing.yaml]\n',
          ),
        ),
      ).toBe(
        'app/kustomization.yaml: patchesStrategicMerge[0]: file "missing.yaml" not found in app',
      );
    });
  });

  describe('huge and recursive inputs are bounded', () => {
    it('does not read a file over the size limit', () => {
      expect(
        refusal(
          withK(
            'resources: [cm.yaml]\nconfigMapGenerator:\n- {name: x, files: [big.txt]}\n',
            { 'app/big.txt': 'x'.repeat(MAX_KUSTOMIZE_FILE_BYTES + 1) },
          ),
        ),
      ).toMatch(
        /^app\/kustomization\.yaml: configMapGenerator "x": files\[0\]: app\/big\.txt is larger than/,
      );
    });

    it('stops kustomizations nested too deep', () => {
      const files: Record<string, string> = {};
      let dir = 'app';
      for (let i = 0; i < 25; i++) {
        files[`${dir}/kustomization.yaml`] = 'resources: [d]\n';
        dir += '/d';
      }
      files[`${dir}/cm.yaml`] = cm['app/cm.yaml'];
      expect(refusal(files)).toMatch(
        /kustomizations nest deeper than 20 levels$/,
      );
    });

    it('stops a base listed many times at every level before it multiplies (no output: the load bound)', () => {
      // 4 entries over 8 levels would be 65,536 loads, seconds of a blocked backend.
      const files: Record<string, string> = {};
      let dir = 'app';
      for (let i = 0; i < 8; i++) {
        files[`${dir}/kustomization.yaml`] = 'resources: [d, d, d, d]\n';
        dir += '/d';
      }
      files[`${dir}/kustomization.yaml`] = 'resources: []\n';
      expect(refusal(files)).toMatch(
        /^app\/d\/d\/d(\/d)*\/kustomization\.yaml: the build loads more than 200 kustomizations and directories \(a base listed more than once multiplies at every level\); list each base once$/,
      );
    });

    it('stops an empty directory listed thousands of times (each is a search of every file)', () => {
      expect(
        refusal({
          'app/kustomization.yaml': `resources:\n${'- docs\n'.repeat(5000)}`,
          'app/docs/README.md': 'nothing to deploy',
        }),
      ).toBe(
        'app/kustomization.yaml: the build loads more than 200 kustomizations and directories (a base listed more than once multiplies at every level); list each base once',
      );
    });

    it('refuses an object accumulated twice, as kustomize does, before a listed-twice base multiplies', () => {
      const files: Record<string, string> = {};
      let dir = 'app';
      for (let i = 0; i < 8; i++) {
        files[`${dir}/kustomization.yaml`] = 'resources: [d, d, d, d]\n';
        dir += '/d';
      }
      files[`${dir}/kustomization.yaml`] = 'resources: [cm.yaml]\n';
      files[`${dir}/cm.yaml`] = cm['app/cm.yaml'];
      expect(refusal(files)).toBe(
        'app/d/d/d/d/d/d/d/kustomization.yaml: ConfigMap a is accumulated twice (kustomize: may not add resource with an already registered id); list each file and base once',
      );
      expect(refusal(withK('resources: [cm.yaml, ./cm.yaml]\n'))).toBe(
        'app/kustomization.yaml: ConfigMap a is accumulated twice (kustomize: may not add resource with an already registered id); list each file and base once',
      );
      // "default" and no namespace are one namespace to kustomize.
      expect(
        refusal(
          withK('resources: [cm.yaml, cm2.yaml]\n', {
            'app/cm2.yaml':
              'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, namespace: default}\n',
          }),
        ),
      ).toBe(
        'app/kustomization.yaml: ConfigMap a is accumulated twice (kustomize: may not add resource with an already registered id); list each file and base once',
      );
    });

    it('keeps objects that differ only in namespace, kind or group apart', () => {
      const objects = renderSource(
        new Map(
          Object.entries(
            withK('resources: [cm.yaml, more.yaml]\n', {
              'app/more.yaml': [
                'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, namespace: other}',
                'apiVersion: v1\nkind: Secret\nmetadata: {name: a}',
                'apiVersion: example.com/v1\nkind: ConfigMap\nmetadata: {name: a}',
              ].join('\n---\n'),
            }),
          ),
        ),
        'app',
        false,
      );
      expect(objects).toHaveLength(4);
    });

    it('stops JSON 6902 copies that double the object (a memory bomb) at the API server limit', () => {
      // Each copy of /data into itself doubles it: 40 would be terabytes.
      const ops = JSON.stringify(
        Array.from({ length: 40 }, (_, i) => ({
          op: 'copy',
          from: '/data',
          path: `/data/k${i}`,
        })),
      );
      expect(
        refusal(
          withK(
            'resources: [cm.yaml]\npatches:\n- {path: ops.json, target: {kind: ConfigMap}}\n',
            { 'app/ops.json': ops },
          ),
        ),
      ).toMatch(
        /^app\/ops\.json: operation 1[0-9] \(copy \/data\/k1[0-9]\): the copies make the object larger than 3145728 bytes \(the API server's request limit\); copy less, or write the values out$/,
      );
    });

    it('bounds copies that add up over several patches, each under the limit', () => {
      const big = `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {k: ${'x'.repeat(
        900 * 1024,
      )}}\n`;
      const copy = (n: number) =>
        `- {target: {kind: ConfigMap}, patch: '[{"op": "copy", "from": "/data/k", "path": "/data/k${n}"}]'}\n`;
      expect(
        refusal({
          'app/kustomization.yaml': `resources: [cm.yaml]\npatches:\n${copy(
            1,
          )}${copy(2)}${copy(3)}`,
          'app/cm.yaml': big,
        }),
      ).toBe(
        "app/kustomization.yaml: patches[2]: after its operations: the copies make the object larger than 3145728 bytes (the API server's request limit); copy less, or write the values out",
      );
      // Two copies stay under it and render.
      const [object] = renderSource(
        new Map(
          Object.entries({
            'app/kustomization.yaml': `resources: [cm.yaml]\npatches:\n${copy(
              1,
            )}${copy(2)}`,
            'app/cm.yaml': big,
          }),
        ),
        'app',
        false,
      );
      expect(Object.keys(object.data)).toEqual(['k', 'k1', 'k2']);
    });

    it("refuses a generated ConfigMap or Secret over Kubernetes' 1 MiB, naming the source and not its value", () => {
      const half = `${SECRET}${'x'.repeat(600 * 1024)}`;
      const message = refusal(
        withK('secretGenerator:\n- {name: s, files: [a.txt, b.txt]}\n', {
          'app/a.txt': half,
          'app/b.txt': half,
        }),
      );
      expect(message).toBe(
        'app/kustomization.yaml: secretGenerator "s": files[1] takes its data over 1048576 bytes, the most one Secret holds in Kubernetes; split it',
      );
    });

    it("does not quote a Secret's repeated key: an env file line without = is all key, and may be a value", () => {
      const message = refusal(
        withK('secretGenerator:\n- {name: s, envs: [s.env]}\n', {
          'app/s.env': `${SECRET}\nA=1\n${SECRET}\n`,
        }),
      );
      expect(message).toBe(
        'app/kustomization.yaml: secretGenerator "s": app/s.env line 3 repeats a key given before',
      );
      // A ConfigMap's is named: nothing in it is secret.
      expect(
        refusal(
          withK('configMapGenerator:\n- {name: c, literals: [a=1, a=2]}\n'),
        ),
      ).toBe(
        'app/kustomization.yaml: configMapGenerator "c" repeats the key a',
      );
    });

    it('stops many generators reading one large file before they make gigabytes', () => {
      const generators = Array.from(
        { length: 1000 },
        (_, i) => `- {name: s${i}, files: [big.txt]}\n`,
      ).join('');
      const message = refusal(
        withK(`secretGenerator:\n${generators}`, {
          'app/big.txt': `${SECRET}${'x'.repeat(1_000_000)}`,
        }),
      );
      expect(message).toBe(
        'app/kustomization.yaml: secretGenerator "s16": the build\'s generators make more than 16777216 bytes of data; generate less, or keep large files out of generators',
      );
      expect(message).not.toContain(SECRET);
    });

    it('stops a strategic merge patch nested deeper than the limit', () => {
      let deep = '{}';
      for (let i = 0; i < 80; i++) deep = `{a: ${deep}}`;
      expect(
        refusal(
          withK(
            `resources: [cm.yaml]\npatches:\n- patch: |-\n    apiVersion: v1\n    kind: ConfigMap\n    metadata: {name: a}\n    data: ${deep}\n`,
          ),
        ),
      ).toBe(
        'app/kustomization.yaml: patches[0]: nested deeper than 64 levels',
      );
    });

    it('refuses too many patches, operations and generated keys', () => {
      expect(
        refusal(
          withK(
            `resources: [cm.yaml]\npatches:\n${'- {patch: "[]", target: {kind: X}}\n'.repeat(
              501,
            )}`,
          ),
        ),
      ).toBe('app/kustomization.yaml: `patches`: more than 500 patches');
      const ops = JSON.stringify(
        Array.from({ length: 1001 }, () => ({
          op: 'test',
          path: '/kind',
          value: 'ConfigMap',
        })),
      );
      expect(
        refusal(
          withK(
            `resources: [cm.yaml]\npatches:\n- {path: ops.json, target: {kind: ConfigMap}}\n`,
            { 'app/ops.json': ops },
          ),
        ),
      ).toBe('app/ops.json: more than 1000 operations');
      const literals = Array.from({ length: 1001 }, (_, i) => `k${i}=v`).join(
        ', ',
      );
      expect(
        refusal(
          withK(`configMapGenerator:\n- {name: x, literals: [${literals}]}\n`),
        ),
      ).toBe(
        'app/kustomization.yaml: configMapGenerator "x": literals: more than 1000 entries',
      );
    });

    it('refuses an alias bomb in a patch file, naming it', () => {
      const bomb = [
        'a: &a ["x","x","x","x","x","x","x","x","x"]',
        ...Array.from(
          { length: 8 },
          (_, i) =>
            `${String.fromCharCode(98 + i)}: &${String.fromCharCode(
              98 + i,
            )} [${Array(9)
              .fill(`*${String.fromCharCode(97 + i)}`)
              .join(',')}]`,
        ),
      ].join('\n');
      expect(
        refusal(
          withK('resources: [cm.yaml]\npatchesStrategicMerge: [p.yaml]\n', {
            'app/p.yaml': bomb,
          }),
        ),
      ).toMatch(/^app\/p\.yaml: YAML aliases expand too far/);
    });

    it('refuses a target whose pattern would be a regular expression, instead of backtracking on it', () => {
      expect(
        refusal(
          withK(
            'resources: [cm.yaml]\npatches:\n- {patch: "[]", target: {name: "(a+)+$"}}\n',
          ),
        ),
      ).toBe(
        "app/kustomization.yaml: patches[0]: target.name uses regular expression syntax Arlon's renderer does not evaluate (only letters, digits, -, _, . and .* are); list the objects in separate patches",
      );
      // A long run of .* against a long name is matched by dynamic programming,
      // not by backtracking: this returns at once, selecting nothing.
      const name = 'a'.repeat(250);
      const files = new Map([
        [
          'app/kustomization.yaml',
          `resources: [cm.yaml]\npatches:\n- {patch: "[{op: add, path: /x, value: 1}]", target: {name: "${'.*'.repeat(
            40,
          )}b"}}\n`,
        ],
        [
          'app/cm.yaml',
          `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ${name}}\n`,
        ],
      ]);
      expect(renderSource(files, 'app', false)).toEqual([
        { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } },
      ]);
    });

    it('refuses a label selector Kubernetes would not parse', () => {
      expect(
        refusal(
          withK(
            'resources: [cm.yaml]\npatches:\n- {patch: "[]", target: {labelSelector: "a in b"}}\n',
          ),
        ),
      ).toBe(
        `app/kustomization.yaml: patches[0]: target.labelSelector: Cannot read label selector at "a in b"; found 'b', expected: '('; use forms such as env=prod, env in (dev,qa), !legacy`,
      );
    });
  });

  describe('wrong types name the field', () => {
    it.each([
      ['images: nginx\n', 'app/kustomization.yaml: `images` must be a list'],
      [
        'images: [{name: nginx, newTag: [1]}]\n',
        'app/kustomization.yaml: images[0].newTag must be a string',
      ],
      [
        'images: [{newTag: "1"}]\n',
        'app/kustomization.yaml: images[0] has no name',
      ],
      [
        'images: [{name: nginx, newtag: "1"}]\n',
        'app/kustomization.yaml: images[0]: `newtag` is not an image field (name, newName, newTag, digest, tagSuffix)',
      ],
      [
        'patches: {path: p.yaml}\n',
        'app/kustomization.yaml: `patches` must be a list',
      ],
      [
        'patches: [{patch: 5}]\n',
        'app/kustomization.yaml: patches[0]: patch must be a string (write it as a block, patch: |-)',
      ],
      [
        'patches: [{patch: "[]", target: x}]\n',
        'app/kustomization.yaml: patches[0]: target must be a mapping (group, version, kind, name, namespace, labelSelector, annotationSelector)',
      ],
      [
        'patches: [{patch: "[]", path: p.yaml}]\n',
        "app/kustomization.yaml: patches[0]: patch and path can't be set at the same time",
      ],
      [
        'patches: [{}]\n',
        'app/kustomization.yaml: patches[0]: must specify one of patch and path',
      ],
      [
        'patches: [{patch: "x: [", target: {kind: A}}]\n',
        'app/kustomization.yaml: patches[0]: ',
      ],
      [
        'patches: [{patch: "just text", target: {kind: A}}]\n',
        'app/kustomization.yaml: patches[0]: unable to parse a strategic merge or JSON 6902 patch',
      ],
      [
        'patches: [{patch: "[{op: frobnicate, path: /a}]", target: {kind: A}}]\n',
        'app/kustomization.yaml: patches[0]: operation 0: op must be add, remove, replace, move, copy or test',
      ],
      [
        'patches: [{patch: "[]", options: {allowNameChange: true}}]\n',
        'app/kustomization.yaml: patches[0]: options (allowNameChange, allowKindChange) are not supported',
      ],
      [
        'configMapGenerator: {name: x}\n',
        'app/kustomization.yaml: `configMapGenerator` must be a list',
      ],
      [
        'configMapGenerator: [{literals: [a=b]}]\n',
        'app/kustomization.yaml: configMapGenerator[0] has no name',
      ],
      [
        'configMapGenerator: [{name: x, literals: a=b}]\n',
        'app/kustomization.yaml: configMapGenerator "x": literals must be a list',
      ],
      [
        'configMapGenerator: [{name: x, type: Opaque}]\n',
        'app/kustomization.yaml: configMapGenerator[0]: `type` is not a configMapGenerator field',
      ],
      [
        'configMapGenerator: [{name: x, behavior: merge}]\n',
        'app/kustomization.yaml: configMapGenerator "x": behavior "merge" (merging into or replacing a base\'s ConfigMap) is not supported',
      ],
      [
        'configMapGenerator: [{name: x, literals: [a=1, a=2]}]\n',
        'app/kustomization.yaml: configMapGenerator "x" repeats the key a',
      ],
      [
        'configMapGenerator: [{name: x, literals: ["a b=1"]}]\n',
        'app/kustomization.yaml: configMapGenerator "x": literals[0] has the key "a b" that is not a valid ConfigMap key',
      ],
      [
        'configMapGenerator: [{name: x, files: ["a=b=c"]}]\n',
        'app/kustomization.yaml: configMapGenerator "x": files[0] must be a file path or key=path, with one =',
      ],
      [
        'generatorOptions: []\nconfigMapGenerator: [{name: x}]\n',
        'app/kustomization.yaml: generatorOptions must be a mapping',
      ],
      [
        'generatorOptions: {disableNameSuffixHash: "yes"}\nconfigMapGenerator: [{name: x}]\n',
        'app/kustomization.yaml: generatorOptions.disableNameSuffixHash must be true or false',
      ],
      [
        'commonAnnotations: [a]\n',
        'app/kustomization.yaml: `commonAnnotations` must map names to strings',
      ],
      [
        'commonLabels: {a: {b: c}}\n',
        'app/kustomization.yaml: commonLabels.a must be a string',
      ],
      [
        'resources: cm.yaml\n',
        'app/kustomization.yaml: `resources` must be a list of paths',
      ],
      [
        '- resources\n',
        'app/kustomization.yaml: a kustomization must be a mapping of fields (resources, patches, ...); fix the file',
      ],
    ])('%j', (k, message) => {
      expect(
        refusal(
          withK(
            `resources: [cm.yaml]\n${k}`.replace(
              /^resources: \[cm.yaml\]\n(resources|- )/,
              '$1',
            ),
          ),
        ),
      ).toContain(message);
    });

    it('refuses $patch values and JSON 6902 paths that do not exist, naming the operation', () => {
      expect(
        refusal(
          withK(
            'resources: [cm.yaml]\npatches:\n- patch: "{apiVersion: v1, kind: ConfigMap, metadata: {name: a}, $patch: bogus}"\n',
          ),
        ),
      ).toBe(
        'app/kustomization.yaml: patches[0]: `$patch` at the top level must be delete, replace or merge',
      );
      const op = (o: string) =>
        refusal(
          withK(
            `resources: [cm.yaml]\npatches:\n- {patch: '[${o}]', target: {kind: ConfigMap}}\n`,
          ),
        );
      expect(op('{op: replace, path: /data/missing, value: 1}')).toBe(
        'app/kustomization.yaml: patches[0]: operation 0 (replace /data/missing): nothing is at the path',
      );
      expect(op('{op: remove, path: /spec/x}')).toBe(
        "app/kustomization.yaml: patches[0]: operation 0 (remove /spec/x): the path's parent does not exist",
      );
      expect(op('{op: add, path: /data/k/0, value: 1}')).toBe(
        "app/kustomization.yaml: patches[0]: operation 0 (add /data/k/0): the path's parent does not exist",
      );
      expect(op('{op: add, path: relative, value: 1}')).toBe(
        'app/kustomization.yaml: patches[0]: operation 0 (add relative): a JSON pointer starts with /',
      );
    });
  });

  it('refuses patches that leave no object or no metadata, instead of crashing later', () => {
    expect(
      refusal(
        withK(
          "resources: [cm.yaml]\nnamespace: x\npatches:\n- {patch: '[{op: replace, path: /metadata, value: 5}]', target: {kind: ConfigMap}}\n",
        ),
      ),
    ).toBe(
      'app/kustomization.yaml: patches[0]: the patch leaves an object without a metadata mapping; patch fields inside the object instead',
    );
    expect(
      refusal(
        withK(
          'resources: [cm.yaml]\npatches:\n- {patch: \'[{op: replace, path: "", value: [1]}]\', target: {kind: ConfigMap}}\n',
        ),
      ),
    ).toMatch(/the patch leaves an object without a metadata mapping/);
    expect(
      refusal(
        withK(
          "resources: [cm.yaml]\nnamePrefix: p-\npatchesJson6902:\n- {patch: '[{op: replace, path: /metadata, value: text}]', target: {kind: ConfigMap}}\n",
        ),
      ),
    ).toMatch(
      /^app\/kustomization\.yaml: patchesJson6902\[0\]: the patch leaves an object without a metadata mapping/,
    );
  });

  describe('prototype keys stay data', () => {
    it('keeps __proto__ as an own key everywhere and pollutes nothing', () => {
      const objects = renderSource(
        new Map(
          Object.entries(
            withK(
              `resources: [cm.yaml]
commonLabels: {__proto__: yes}
commonAnnotations: {constructor: c}
configMapGenerator:
- {name: g, literals: [__proto__=x], options: {disableNameSuffixHash: true}}
patches:
- patch: |-
    apiVersion: v1
    kind: ConfigMap
    metadata: {name: a}
    data: {__proto__: {polluted: yes}}
`,
            ),
          ),
        ),
        'app',
        false,
      );
      expect(({} as any).polluted).toBeUndefined();
      expect(
        Object.prototype.hasOwnProperty.call(objects[1].data, '__proto__'),
      ).toBe(true);
      expect(
        Object.getOwnPropertyDescriptor(objects[1].data, '__proto__')?.value,
      ).toBe('x');
      expect(
        Object.getOwnPropertyDescriptor(objects[0].metadata.labels, '__proto__')
          ?.value,
      ).toBe('yes');
      expect(
        Object.getOwnPropertyDescriptor(objects[0].data, '__proto__')?.value,
      ).toEqual({ polluted: 'yes' });
      expect(objects[0].metadata.annotations.constructor).toBe('c');
    });

    it('refuses JSON 6902 operations on prototype keys', () => {
      expect(
        refusal(
          withK(
            "resources: [cm.yaml]\npatches:\n- {patch: '[{op: add, path: /__proto__/polluted, value: 1}]', target: {kind: ConfigMap}}\n",
          ),
        ),
      ).toBe(
        'app/kustomization.yaml: patches[0]: operation 0 (add /__proto__/polluted): the path names a forbidden key',
      );
      expect(({} as any).polluted).toBeUndefined();
    });
  });

  describe('Secret values never appear in notes or errors', () => {
    it.each([
      [`secretGenerator:\n- {name: s, literals: ["${SECRET}"]}\n`, {}],
      [`secretGenerator:\n- {name: s, literals: ["=${SECRET}"]}\n`, {}],
      [
        `secretGenerator:\n- {name: s, envs: [s.env]}\n`,
        { 'app/s.env': `# comment\nGOOD=1\n${SECRET} x\n` },
      ],
      [
        `secretGenerator:\n- {name: s, envs: [s.env]}\n`,
        { 'app/s.env': `BAD KEY=${SECRET}\n` },
      ],
      [`secretGenerator:\n- {name: s, literals: ["${SECRET} x=1"]}\n`, {}],
      [
        `secretGenerator:\n- {name: s, literals: ["pw=${SECRET}", "pw=${SECRET}"]}\n`,
        {},
      ],
      [
        `resources: [s.yaml]\npatches:\n- {patch: '[{op: test, path: /data/pw, value: wrong}]', target: {kind: Secret}}\n`,
        {
          'app/s.yaml': `apiVersion: v1\nkind: Secret\nmetadata: {name: s}\nstringData: {pw: ${SECRET}}\ndata: {pw: ${SECRET}}\n`,
        },
      ],
      [
        `resources: [s.yaml]\npatches:\n- patch: "{apiVersion: v1, kind: Secret, metadata: {name: s}, data: {pw: [${SECRET}]}, $setElementOrder/x: [${SECRET}]}"\n`,
        {
          'app/s.yaml': `apiVersion: v1\nkind: Secret\nmetadata: {name: s}\ndata: {pw: ${SECRET}}\n`,
        },
      ],
    ])('%j', (k, extra) => {
      const message = refusal({ 'app/kustomization.yaml': k, ...extra });
      expect(message).toMatch(/^app\//);
      expect(message).not.toContain(SECRET);
      expect(message).not.toContain(btoa(SECRET).slice(0, 12));
    });
  });
});
