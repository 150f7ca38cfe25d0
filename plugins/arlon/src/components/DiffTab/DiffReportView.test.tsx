import { screen } from '@testing-library/react';
import {
  diffObjects,
  DiffReport,
  summarize,
} from '@arlon-backstage/plugin-arlon-common';
import { renderInTestApp } from '@backstage/test-utils';
import { DiffReportView } from './DiffReportView';

const configMap = (name: string, value = 'a') => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: 'web' },
  data: { value },
});

// Distinct counts, so a chip that showed another action's figure would fail:
// 3 only desired (create), 2 changed (update), 1 only live (delete), 4 equal.
const desired = [
  ...['c1', 'c2', 'c3'].map(n => configMap(n)),
  ...['u1', 'u2'].map(n => configMap(n, 'new')),
  ...['s1', 's2', 's3', 's4'].map(n => configMap(n)),
];
const live = [
  ...['u1', 'u2'].map(n => configMap(n, 'old')),
  configMap('d1'),
  ...['s1', 's2', 's3', 's4'].map(n => configMap(n)),
];
const objects = diffObjects(desired, live, {
  defaultNamespace: 'web',
  isNamespaced: () => true,
  prune: true,
}).map(o => ({ ...o, bundle: 'web' }));
const summary = summarize(objects);

const report: DiffReport = {
  title: 'cluster qa-1 → bundle web',
  left: { kind: 'cluster', name: 'qa-1' },
  right: { kind: 'bundle', name: 'web' },
  createdAt: '2026-12-03T10:00:00.000Z',
  summary,
  sections: [
    {
      title: 'cluster qa-1 → bundle web',
      cluster: 'qa-1',
      method: 'client-side',
      notes: [],
      summary,
      objects,
    },
  ],
};

describe('DiffReportView', () => {
  it('shows each total beside its own action, as diffObjects counted them', async () => {
    expect(summary).toEqual({ create: 3, update: 2, delete: 1, unchanged: 4 });
    await renderInTestApp(<DiffReportView report={report} />);
    expect(screen.getByText('3 to create')).toBeInTheDocument();
    expect(screen.getByText('2 to update')).toBeInTheDocument();
    expect(screen.getByText('1 to delete')).toBeInTheDocument();
    expect(screen.getByText('4 unchanged')).toBeInTheDocument();
  });

  it('lists every object with its action', async () => {
    await renderInTestApp(<DiffReportView report={report} />);
    for (const [name, action] of [
      ['c1', 'create'],
      ['u2', 'update'],
      ['d1', 'delete'],
      ['s4', 'unchanged'],
    ])
      expect(
        screen.getByTestId(`object-/ConfigMap/web/${name}`),
      ).toHaveTextContent(action);
  });
});
