import type { z } from 'zod';
import { requestProblems } from './problems';
import {
  COMPARE_REQUEST_EXPECTED,
  compareRequestSchema,
  diffReportEnvelopeSchema,
  reportListQuerySchema,
} from './diff';
import { bootstrapQuerySchema } from './bootstrap';
import { pushPayloadSchema } from './webhooks';
import { kindSegmentSchema } from './definitions';

const answer = (schema: z.ZodType<unknown, unknown>, body: unknown) => {
  const result = schema.safeParse(body);
  return result.success ? 'ok' : requestProblems(result.error);
};

describe('comparisons (POST /diff)', () => {
  it.each<[string, unknown, string | RegExp]>([
    [
      'two bundles',
      {
        left: { kind: 'bundle', name: 'a' },
        right: { kind: 'bundle', name: 'b' },
      },
      'ok',
    ],
    [
      'a bundle with every cluster',
      { left: { kind: 'bundle', name: 'a' }, right: { kind: 'allClusters' } },
      'ok',
    ],
    [
      'two clusters, one bundle, client-side',
      {
        left: { kind: 'cluster', name: 'a' },
        right: { kind: 'cluster', name: 'b' },
        bundle: 'web',
        serverSide: false,
      },
      'ok',
    ],
    [
      'an unknown kind',
      { left: { kind: 'widget' }, right: { kind: 'allClusters' } },
      /^left\.kind: /,
    ],
    ['no right', { left: { kind: 'bundle', name: 'a' } }, /^right: /],
    [
      'an empty name',
      { left: { kind: 'bundle', name: '' }, right: { kind: 'allClusters' } },
      /^left\.name: /,
    ],
    [
      'an empty bundle',
      {
        left: { kind: 'bundle', name: 'a' },
        right: { kind: 'allClusters' },
        bundle: '',
      },
      /^bundle: /,
    ],
    [
      'serverSide as text',
      {
        left: { kind: 'bundle', name: 'a' },
        right: { kind: 'allClusters' },
        serverSide: 'yes',
      },
      /^serverSide: /,
    ],
    ['no body', undefined, /expected object/],
  ])('%s', (_case, body, expected) => {
    expect(answer(compareRequestSchema, body)).toMatch(expected);
  });

  it('says what it expected', () => {
    expect(COMPARE_REQUEST_EXPECTED).toMatch(/^Expected \{ left, right \}/);
  });
});

describe('report pages (GET /diff/reports)', () => {
  it.each<[unknown, { limit: number; offset: number }]>([
    [{}, { limit: 100, offset: 0 }],
    [
      { limit: '10', offset: '20' },
      { limit: 10, offset: 20 },
    ],
    [{ limit: '9999' }, { limit: 500, offset: 0 }],
    [
      { limit: '-1', offset: 'x' },
      { limit: 100, offset: 0 },
    ],
    [{ limit: ['1', '2'] }, { limit: 100, offset: 0 }],
  ])('%j reads as %j', (query, page) => {
    expect(reportListQuerySchema.parse(query)).toEqual(page);
  });
});

describe('imported report files (POST /diff/reports/import)', () => {
  const NOT =
    'The file is not an exported diff report: expected apiVersion arlon.io/v1 and kind DiffReport';
  it.each<[string, unknown, string]>([
    [
      'the envelope',
      { apiVersion: 'arlon.io/v1', kind: 'DiffReport', title: 't' },
      'ok',
    ],
    ['another kind', { apiVersion: 'arlon.io/v1', kind: 'Bundle' }, NOT],
    ['no envelope', { title: 't' }, NOT],
    ['not an object', 'DiffReport', NOT],
  ])('%s', (_case, body, expected) => {
    expect(answer(diffReportEnvelopeSchema, body)).toBe(expected);
  });
});

describe('bootstrap queries (POST /bootstrap)', () => {
  it.each<[unknown, string | { cluster?: string; dryRun: boolean }]>([
    [{}, { dryRun: false }],
    [
      { dryRun: 'true', cluster: 'mgmt' },
      { cluster: 'mgmt', dryRun: true },
    ],
    [{ dryRun: 'false' }, { dryRun: false }],
    [
      { cluster: ['a', 'b'] },
      'cluster must be one management cluster name, given once',
    ],
    [{ dryRun: 'yes' }, 'dryRun must be true or false'],
    [{ dryRun: '' }, 'dryRun must be true or false'],
    [{ dryRun: ['true', 'true'] }, 'dryRun must be true or false'],
  ])('%j', (query, expected) => {
    const result = bootstrapQuerySchema.safeParse(query);
    expect(
      result.success ? result.data : requestProblems(result.error),
    ).toEqual(expected);
  });
});

describe('push payloads (POST /webhooks/git)', () => {
  const NO_REF =
    'The push event has no "ref": the webhook must send the host\'s push payload as JSON (content type application/json)';
  it.each<[string, unknown, string]>([
    ['a push', { ref: 'refs/heads/main', commits: [] }, 'ok'],
    ['no ref', { before: 'x' }, NO_REF],
    ['a ref that is no text', { ref: 7 }, NO_REF],
    ['not JSON (read as nothing)', undefined, NO_REF],
    ['a list', [{ ref: 'refs/heads/main' }], NO_REF],
  ])('%s', (_case, body, expected) => {
    expect(answer(pushPayloadSchema, body)).toBe(expected);
  });
});

describe('kind segments', () => {
  it('knows the four collections and nothing else', () => {
    expect(kindSegmentSchema.parse('clusterspecs')).toBe('clusterspecs');
    expect(answer(kindSegmentSchema, 'widgets')).toBe(
      'Unknown collection; use bundles, profiles, clusterspecs or clusters',
    );
  });
});
