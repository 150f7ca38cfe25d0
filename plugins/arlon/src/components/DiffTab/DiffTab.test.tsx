import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { diffObjects, DiffReport } from '@arlon-backstage/plugin-arlon-common';
import { arlonEntity, renderArlon } from '../../__testUtils__/renderArlon';
import { DiffTab } from './DiffTab';

/** Plain values a Secret holds on each side: the view must never show them. */
const DESIRED = 'desired-plaintext';
const LIVE = 'live-plaintext';
const SHOWN = [DESIRED, LIVE, btoa(DESIRED), btoa(LIVE)];

/**
 * The Secret's row as Arlon's diff makes it from a desired Secret and a live
 * one `kubectl apply` left (values in data and in the last-applied
 * annotation), not written masked by hand: the test then fails if masking
 * does.
 */
const liveCreds = {
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: { name: 'creds', namespace: 'web' },
  stringData: { password: LIVE },
};
const [creds] = diffObjects(
  [{ ...liveCreds, stringData: { password: DESIRED } }],
  [
    {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: {
        name: 'creds',
        namespace: 'web',
        annotations: {
          'kubectl.kubernetes.io/last-applied-configuration':
            JSON.stringify(liveCreds),
        },
      },
      data: { password: btoa(LIVE) },
    },
  ],
  { defaultNamespace: 'web', isNamespaced: () => true },
);

const report: DiffReport = {
  title: 'cluster qa-1 → bundle web',
  left: { kind: 'cluster', name: 'qa-1' },
  right: { kind: 'bundle', name: 'web' },
  createdAt: '2026-12-02T10:00:00.000Z',
  summary: { create: 1, update: 1, delete: 0, unchanged: 1 },
  sections: [
    {
      title: 'cluster qa-1 → bundle web',
      cluster: 'qa-1',
      method: 'server-side-dry-run',
      notes: ['namespace web does not exist on cluster qa-1 yet'],
      summary: { create: 1, update: 1, delete: 0, unchanged: 1 },
      objects: [
        { ...creds, bundle: 'web' },
        {
          key: '/ConfigMap/web/settings',
          group: '',
          kind: 'ConfigMap',
          namespace: 'web',
          name: 'settings',
          bundle: 'web',
          action: 'create',
          changes: [{ path: '', kind: 'added' }],
          unified:
            '===================================================================\n--- live//ConfigMap/web/settings\n+++ desired//ConfigMap/web/settings\n@@ -0,0 +1,1 @@\n+kind: ConfigMap\n',
        },
        {
          key: 'apps/Deployment/web/web',
          group: 'apps',
          kind: 'Deployment',
          namespace: 'web',
          name: 'web',
          bundle: 'web',
          action: 'unchanged',
          changes: [],
          unified: '',
        },
      ],
    },
  ],
};

const bundleEntity = arlonEntity('Bundle', 'web', 'arlon-bundle');
const lists = async (kind: string) => ({
  commit: 'c',
  items: (kind === 'clusters' ? ['qa-1', 'qa-2'] : ['web', 'extra']).map(
    name => ({ name }),
  ) as any,
});

async function pick(testId: string, option: string) {
  const select = () =>
    within(screen.getByTestId(testId).parentElement!).getByRole('button');
  // The names load first; the select is disabled until then.
  await waitFor(() =>
    expect(select()).not.toHaveAttribute('aria-disabled', 'true'),
  );
  fireEvent.mouseDown(select());
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('DiffTab', () => {
  it('pre-flights the bundle on a picked cluster and shows each object, with masked secrets, unified or side by side', async () => {
    const compare = jest.fn(async () => report);
    await renderArlon(<DiffTab />, {
      entity: bundleEntity,
      api: { list: lists, compare, listReports: async () => [] },
    });
    await pick('diff-name', 'qa-1');
    await userEvent.click(screen.getByRole('button', { name: 'Compare' }));
    expect(compare).toHaveBeenCalledWith({
      left: { kind: 'cluster', name: 'qa-1' },
      right: { kind: 'bundle', name: 'web' },
    });
    expect(await screen.findByText('1 to create')).toBeInTheDocument();
    expect(screen.getByText('1 to update')).toBeInTheDocument();
    expect(screen.getByText(/server-side dry-run apply/)).toBeInTheDocument();
    expect(
      screen.getByText('namespace web does not exist on cluster qa-1 yet'),
    ).toBeInTheDocument();
    expect(screen.getByText('data.password')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('object-/Secret/web/creds'));
    const unified = await screen.findByTestId('unified-diff');
    expect(unified.textContent).toContain(
      '+  password: "*** (masked, changed)"',
    );
    expect(unified.textContent).not.toContain('===');

    await userEvent.click(screen.getByRole('button', { name: 'Side by side' }));
    const split = await screen.findByTestId('split-diff');
    expect(split).toHaveTextContent('password: "*** (masked)"');
    expect(split).toHaveTextContent('password: "*** (masked, changed)"');
    const text = document.body.textContent ?? '';
    expect(SHOWN.filter(v => text.includes(v))).toEqual([]);
  });

  it('saves the report and lists it among saved ones', async () => {
    const saveReport = jest.fn(async (r: DiffReport) => ({
      ...r,
      id: '1',
      savedBy: 'user:default/guest',
      savedAt: '2026-12-02T10:01:00.000Z',
    }));
    const listReports = jest
      .fn()
      .mockResolvedValueOnce([])
      .mockResolvedValue([
        {
          ...report,
          id: '1',
          savedBy: 'user:default/guest',
          savedAt: '2026-12-02T10:01:00.000Z',
        },
      ]);
    await renderArlon(<DiffTab />, {
      entity: bundleEntity,
      api: {
        list: lists,
        compare: async () => report,
        saveReport,
        listReports,
      },
    });
    expect(
      await screen.findByText('No saved reports yet.'),
    ).toBeInTheDocument();
    await pick('diff-name', 'qa-1');
    await userEvent.click(screen.getByRole('button', { name: 'Compare' }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Save report' }),
    );
    expect(saveReport).toHaveBeenCalledWith(report);
    expect(
      await screen.findByText(/saved by user:default\/guest/),
    ).toBeInTheDocument();
  });

  it('opens, deletes and imports saved reports, and says when a file is not a report', async () => {
    const saved = {
      ...report,
      id: '7',
      savedBy: 'user:default/guest',
      savedAt: '2026-12-02T10:01:00.000Z',
    };
    const deleteReport = jest.fn(async () => undefined);
    const importReport = jest.fn(async () => saved);
    await renderArlon(<DiffTab />, {
      entity: bundleEntity,
      api: {
        list: lists,
        listReports: async () => [saved],
        getReport: async () => saved,
        deleteReport,
        importReport,
      },
    });
    await userEvent.click(await screen.findByText('cluster qa-1 → bundle web'));
    expect(await screen.findByText('1 to create')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(deleteReport).toHaveBeenCalledWith('7');

    const input = screen.getByTestId('import-report');
    await userEvent.upload(
      input,
      new File(['not json'], 'notes.txt', { type: 'application/json' }),
    );
    expect(
      await screen.findByText(/notes.txt is not JSON/),
    ).toBeInTheDocument();
    await userEvent.upload(
      input,
      new File(
        [JSON.stringify({ apiVersion: 'arlon.io/v1', kind: 'DiffReport' })],
        'r.json',
        { type: 'application/json' },
      ),
    );
    await waitFor(() =>
      expect(importReport).toHaveBeenCalledWith({
        apiVersion: 'arlon.io/v1',
        kind: 'DiffReport',
      }),
    );
  });

  it('shows what went wrong when the comparison fails', async () => {
    await renderArlon(<DiffTab />, {
      entity: bundleEntity,
      api: {
        list: lists,
        listReports: async () => [],
        compare: async () => {
          throw new Error('A cluster could not be read: connect ECONNREFUSED');
        },
      },
    });
    await pick('diff-name', 'qa-2');
    await userEvent.click(screen.getByRole('button', { name: 'Compare' }));
    expect(
      (await screen.findAllByText(/A cluster could not be read/)).length,
    ).toBeGreaterThan(0);
  });

  it('explains that cluster specs have nothing to compare', async () => {
    await renderArlon(<DiffTab />, {
      entity: arlonEntity('ClusterSpec', 'docker-dev', 'arlon-clusterspec'),
      api: {},
    });
    expect(
      await screen.findByText(
        /Cluster specs have no Kubernetes objects of their own/,
      ),
    ).toBeInTheDocument();
  });

  it('asks for a target before comparing, and disables Compare without arlon.diff.read', async () => {
    await renderArlon(<DiffTab />, {
      entity: bundleEntity,
      allow: false,
      api: { list: lists, listReports: async () => [] },
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Compare' })).toBeDisabled(),
    );
  });
});
