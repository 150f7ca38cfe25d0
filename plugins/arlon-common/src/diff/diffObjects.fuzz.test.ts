import fc from 'fast-check';
import { fuzzParameters, fuzzTimeout } from '../__testUtils__/fuzz';
import { hostileValue } from '../__testUtils__/hostile';
import {
  hostileObject,
  objectPairs,
  SECRET_MARKER,
} from '../__testUtils__/manifests';
import type { KubeObject } from '../providers/renderCluster';
import { diffObjects, DiffOptions } from './diffObjects';
import { exportDiffReport, parseDiffReportFile } from './report';
import { compareRendered, makeReport } from './sections';
import { unmaskedSecrets } from './unmaskedSecrets';

const OPTIONS: DiffOptions = {
  defaultNamespace: 'default',
  isNamespaced: (_group, kind) => !['Namespace', 'ClusterRole'].includes(kind),
};
const modes = fc.record({
  exact: fc.boolean(),
  prune: fc.boolean(),
  declared: fc.boolean(),
});

const rendered = (objects: KubeObject[]) => ({
  objects: objects.map(object => ({ bundle: 'b', object })),
  notes: [],
});

/** Every place a Secret's marked value would show if it leaked. */
const leaks = (value: unknown) => {
  const text = JSON.stringify(value);
  const base64 = Buffer.from(SECRET_MARKER).toString('base64').slice(0, 12);
  return text.includes(SECRET_MARKER) || text.includes(base64);
};

describe('diffObjects, property-based', () => {
  it(
    'never shows a Secret value, in any mode, in the objects or the report (annotations included)',
    () => {
      fc.assert(
        fc.property(objectPairs, modes, ({ left, right }, mode) => {
          const diffs = diffObjects(right, left, {
            ...OPTIONS,
            ...mode,
            declared: mode.declared ? right : undefined,
          });
          expect(leaks(diffs)).toBe(false);
          const report = makeReport(
            { kind: 'files', name: 'a' },
            { kind: 'files', name: 'b' },
            [compareRendered('a → b', rendered(left), rendered(right))],
            new Date(0),
          );
          expect(leaks(report)).toBe(false);
          // What Arlon makes, Arlon imports: its own reports pass its import check.
          expect(unmaskedSecrets(report)).toEqual([]);
          expect(parseDiffReportFile(exportDiffReport(report))).toHaveProperty(
            'report',
          );
        }),
        fuzzParameters(60),
      );
    },
    fuzzTimeout(30_000),
  );

  it(
    'finds nothing to change between a state and itself',
    () => {
      fc.assert(
        fc.property(objectPairs, modes, ({ left }, mode) => {
          const diffs = diffObjects(left, left, {
            ...OPTIONS,
            ...mode,
            declared: mode.declared ? left : undefined,
          });
          expect(diffs.filter(d => d.action !== 'unchanged')).toEqual([]);
        }),
        fuzzParameters(60),
      );
    },
    fuzzTimeout(30_000),
  );

  it(
    'never throws on objects that are not quite objects',
    () => {
      fc.assert(
        fc.property(
          fc.array(hostileObject, { maxLength: 4 }),
          fc.array(hostileObject, { maxLength: 4 }),
          modes,
          (desired, live, mode) => {
            const diffs = diffObjects(desired, live, {
              ...OPTIONS,
              ...mode,
              declared: mode.declared ? desired : undefined,
            });
            expect(Array.isArray(diffs)).toBe(true);
            // As POST /diff and `arlon diff` compare rendered manifests.
            const asRendered = (objects: Partial<KubeObject>[]) => ({
              objects: objects.map(object => ({
                bundle: 'b',
                object: object as KubeObject,
              })),
              notes: [],
            });
            const section = compareRendered(
              'a → b',
              asRendered(live),
              asRendered(desired),
            );
            expect(section.objects.length).toBeLessThanOrEqual(
              desired.length + live.length,
            );
          },
        ),
        fuzzParameters(100),
      );
    },
    fuzzTimeout(30_000),
  );

  it(
    'imports nothing but a report: any other JSON is refused with problems naming where',
    () => {
      fc.assert(
        fc.property(
          fc.oneof(
            hostileValue,
            fc.jsonValue({ maxDepth: 4 }),
            fc.record({
              apiVersion: fc.constantFrom('arlon.io/v1', 'x'),
              kind: fc.constantFrom('DiffReport', 'x'),
              title: hostileValue,
              sections: fc.oneof(hostileValue, fc.array(hostileValue)),
            }),
          ),
          value => {
            const parsed = parseDiffReportFile(value);
            const problems = 'problems' in parsed ? parsed.problems : [];
            // Each problem starts with the path it is about (or "(file)").
            expect(
              problems.filter(p => !/^[^\s:]+(?: \([^)]*\))?: \S/.test(p)),
            ).toEqual([]);
          },
        ),
        fuzzParameters(100),
      );
    },
    fuzzTimeout(30_000),
  );
});
