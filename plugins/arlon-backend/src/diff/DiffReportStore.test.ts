import {
  mockServices,
  TestDatabaseId,
  TestDatabases,
} from '@backstage/backend-test-utils';
import type { DatabaseService } from '@backstage/backend-plugin-api';
import type { DiffReport } from '@arlon-backstage/plugin-arlon-common';
import { DiffReportStore } from './DiffReportStore';

/**
 * SQLite always; PostgreSQL when scripts/test.sh (or CI) started one and
 * named it in ARLON_TEST_POSTGRES (e.g. POSTGRES_15, with the matching
 * BACKSTAGE_TEST_DATABASE_POSTGRES15_CONNECTION_STRING).
 */
const ids = ['SQLITE_3', process.env.ARLON_TEST_POSTGRES].filter(
  Boolean,
) as TestDatabaseId[];
const databases = TestDatabases.create({ ids });

const report = (title: string, updates: number): DiffReport => ({
  title,
  left: { kind: 'cluster', name: 'qa-1' },
  right: { kind: 'bundle', name: 'web' },
  createdAt: '2026-12-02T10:00:00.000Z',
  summary: { create: 0, update: updates, delete: 0, unchanged: 1 },
  sections: [
    {
      title,
      cluster: 'qa-1',
      method: 'server-side-dry-run',
      notes: ['a note with unicode: → ✓'],
      summary: { create: 0, update: updates, delete: 0, unchanged: 1 },
      objects: [
        {
          key: 'apps/Deployment/web/web',
          group: 'apps',
          kind: 'Deployment',
          namespace: 'web',
          name: 'web',
          bundle: 'web',
          action: updates ? 'update' : 'unchanged',
          changes: updates
            ? [{ path: 'spec.replicas', kind: 'changed', from: 4, to: 2 }]
            : [],
          unified: updates ? '-  replicas: 4\n+  replicas: 2\n' : '',
        },
      ],
    },
  ],
});

describe.each(databases.eachSupportedId())('DiffReportStore on %p', id => {
  let store: DiffReportStore;

  beforeAll(async () => {
    const knex = await databases.init(id);
    store = await DiffReportStore.create(
      mockServices.database({ knex }) as DatabaseService,
    );
  });

  it('migrates, saves, lists newest first, opens, and deletes', async () => {
    const first = await store.save(
      report('first', 1),
      'user:default/ana',
      new Date('2026-12-02T10:00:00Z'),
    );
    const second = await store.save(
      report('second', 0),
      'user:default/bo',
      new Date('2026-12-02T11:00:00Z'),
    );
    expect(first.id).not.toBe(second.id);

    const list = await store.list();
    expect(
      list.map(r => [r.title, r.savedBy, r.savedAt, r.summary.update]),
    ).toEqual([
      ['second', 'user:default/bo', '2026-12-02T11:00:00.000Z', 0],
      ['first', 'user:default/ana', '2026-12-02T10:00:00.000Z', 1],
    ]);
    expect(await store.list({ limit: 1, offset: 1 })).toEqual([
      expect.objectContaining({ id: first.id }),
    ]);

    expect(await store.get(first.id)).toEqual({
      ...report('first', 1),
      id: first.id,
      savedBy: 'user:default/ana',
      savedAt: '2026-12-02T10:00:00.000Z',
    });

    expect(await store.delete(first.id)).toBe(true);
    expect(await store.delete(first.id)).toBe(false);
    expect(await store.get(first.id)).toBeUndefined();
    expect((await store.list()).map(r => r.id)).toEqual([second.id]);
  });

  it('runs its migrations again without harm (a restarted backend)', async () => {
    const knex = await databases.init(id);
    await DiffReportStore.create(
      mockServices.database({ knex }) as DatabaseService,
    );
    const again = await DiffReportStore.create(
      mockServices.database({ knex }) as DatabaseService,
    );
    expect(await again.list()).toEqual([]);
  });
});
