import { expect, Locator, Page, test } from '@playwright/test';

/**
 * The whole journey in the browser, against the portal and its sandbox, and
 * what each step leaves behind:
 * - the create-cluster template refuses an invalid name, then creates one;
 * - the new-bundle template shows Arlon's validation error for a broken
 *   manifest (file and line), then commits a bundle;
 * - that bundle's Diff tab against bundle readonly-rbac: what each row says
 *   (create, update, delete; kind, name, changed fields) and the totals;
 * - the cluster becomes Provisioned and registered; a profile applied from
 *   the Fleet page shows in the cluster's Fleet row and on its page, and
 *   ArgoCD's Applications for its bundles appear there;
 * - a pre-flight of a bundle ArgoCD has synced says nothing would change;
 * - a button the policy denies is disabled and says which permission.
 * A screenshot of each step lands in artifacts/screenshots/.
 */
const stamp = Date.now().toString(36);
const cluster = `e2e-${stamp}`;
const bundle = `e2e-b-${stamp}`;

async function shot(page: Page, name: string) {
  await page.screenshot({
    path: `artifacts/screenshots/journey-${name}.png`,
    fullPage: true,
  });
}

async function pickEntity(page: Page, label: string, name: string) {
  const input = page.getByLabel(label, { exact: false }).first();
  await input.click();
  await input.fill(name);
  await page
    .getByRole('option', { name: new RegExp(name) })
    .first()
    .click();
}

/** A row of a table, found by the text of one of its cells. */
function rowWith(table: Locator, text: string): Locator {
  return table.getByRole('row').filter({
    has: table.page().getByRole('cell', { name: text, exact: true }),
  });
}

/** The cells of a Diff report row: action, kind, namespace/name, bundle, changes. */
async function expectDiffRow(
  table: Locator,
  name: string,
  want: { action: string; kind: string; bundle: string; changes?: RegExp },
) {
  const cells = rowWith(table, name).getByRole('cell');
  await expect(cells).toHaveCount(5);
  await expect(cells.nth(0)).toHaveText(want.action);
  await expect(cells.nth(1)).toHaveText(want.kind);
  await expect(cells.nth(3)).toHaveText(want.bundle);
  if (want.changes) await expect(cells.nth(4)).toHaveText(want.changes);
  else await expect(cells.nth(4)).toHaveText('');
}

/** The report's totals, as its chips say them. */
async function expectTotals(
  page: Page,
  totals: { create: number; update: number; delete: number; unchanged: number },
) {
  for (const text of [
    `${totals.create} to create`,
    `${totals.update} to update`,
    `${totals.delete} to delete`,
    `${totals.unchanged} unchanged`,
  ])
    await expect(page.getByText(text, { exact: true })).toBeVisible();
}

/** Picks, in the Diff tab, what to compare with, and compares. */
async function compareWith(page: Page, kind: string, name: string) {
  await page.getByTestId('diff-kind').locator('..').getByRole('button').click();
  await page.getByRole('option', { name: kind, exact: true }).click();
  await page.getByTestId('diff-name').locator('..').getByRole('button').click();
  await page.getByRole('option', { name, exact: true }).click();
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
}

/**
 * The policy's answer to one permission, replaced in this browser: every
 * other answer is the portal's own. (In development the guest is an admin,
 * so the portal's policy denies it nothing; the backend's own 403s are
 * tested per route in plugins/arlon-backend.)
 */
async function denyInBrowser(page: Page, permission: string) {
  await page.route('**/api/permission/authorize', async route => {
    const asked = route.request().postDataJSON() as {
      items: Array<{ id: string; permission: { name: string } }>;
    };
    const denied = new Set(
      asked.items.filter(i => i.permission.name === permission).map(i => i.id),
    );
    const response = await route.fetch();
    const answer = (await response.json()) as {
      items: Array<{ id: string; result: string | string[] }>;
    };
    await route.fulfill({
      response,
      json: {
        items: answer.items.map(item =>
          denied.has(item.id)
            ? {
                ...item,
                result: Array.isArray(item.result)
                  ? item.result.map(() => 'DENY')
                  : 'DENY',
              }
            : item,
        ),
      },
    });
  });
}

test('create a cluster and a bundle, diff them, apply a profile and see it deployed', async ({
  page,
}) => {
  test.setTimeout(600_000);
  // Signed in once the sidebar's links show; only then do page loads keep
  // the session. `yarn start` restarts the backend when a source changes
  // (others edit this tree): a sign-in during a restart is tried again.
  await expect(async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Enter' }).click();
    await expect(
      page
        .getByRole('navigation', { name: 'sidebar nav' })
        .getByRole('link', { name: 'Fleet', exact: true }),
    ).toBeVisible({ timeout: 15_000 });
  }).toPass({ timeout: 120_000 });

  await test.step('the create-cluster template refuses an invalid name, then creates the cluster', async () => {
    await page.goto('/create/templates/default/arlon-create-cluster');
    const name = page.getByLabel('Name', { exact: false }).first();
    await name.fill('E2E_Cluster');
    await pickEntity(page, 'Cluster spec', 'docker-dev');
    await page.getByRole('button', { name: 'Next' }).click();
    // Still on the first page, the name's problem under it.
    // The form's error list, naming the field by its title.
    await expect(page.getByText("'Name' must match pattern")).toBeVisible();
    await expect(page.getByLabel('Profiles', { exact: false })).toHaveCount(0);
    await shot(page, '1-invalid-name');

    await name.fill(cluster);
    await shot(page, '1b-template-form');
    await page.getByRole('button', { name: 'Next' }).click();
    await pickEntity(page, 'Profiles', 'infrastructure');
    await page.getByRole('button', { name: 'Next' }).click();
    // The template's last page: what the commit will hold, from the scaffolder's dry run.
    const preview = page.getByTestId('commit-preview');
    await preview.getByText(`create arlon/clusters/${cluster}.yaml`).click();
    await expect(preview.locator('pre')).toContainText(
      `clusterSpec: docker-dev`,
    );
    await expect(preview.locator('pre')).toContainText(`- infrastructure`);
    await shot(page, '2-commit-preview');
    await page.getByRole('button', { name: 'Review' }).click();
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(
      page.getByRole('link', { name: 'Open the cluster' }),
    ).toBeVisible({ timeout: 60_000 });
    await shot(page, '3-template-done');
  });

  await test.step('the new-bundle template shows a broken manifest by file and line, then commits the fixed bundle', async () => {
    await page.goto('/create/templates/default/arlon-new-bundle');
    await page.getByLabel('Name', { exact: false }).first().fill(bundle);
    const manifests = page.getByLabel('Manifests (YAML', { exact: false });
    await manifests.fill('kind: ConfigMap\n');
    await page.getByRole('button', { name: 'Next' }).click();
    const preview = page.getByTestId('commit-preview');
    const problem = preview.getByRole('alert');
    await expect(problem).toContainText(
      `bundles/${bundle}/manifests.yaml:1:1: a Kubernetes object needs apiVersion, metadata.name`,
    );
    await expect(preview.getByText(/^create /)).toHaveCount(0);
    await shot(page, '4-invalid-bundle');

    await page.getByRole('button', { name: 'Back' }).click();
    // A ClusterRole readonly-rbac also has, with other rules, and a ConfigMap it has not.
    await manifests.fill(
      [
        'apiVersion: rbac.authorization.k8s.io/v1',
        'kind: ClusterRole',
        'metadata:',
        '  name: arlon-readonly',
        'rules:',
        "  - apiGroups: ['']",
        '    resources: [pods]',
        '    verbs: [get]',
        '---',
        'apiVersion: v1',
        'kind: ConfigMap',
        'metadata:',
        '  name: e2e-settings',
        '  namespace: default',
        'data:',
        '  LOG_LEVEL: info',
        '',
      ].join('\n'),
    );
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(
      preview.getByText(`create arlon/bundles/${bundle}.yaml`),
    ).toBeVisible();
    await expect(preview.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: 'Review' }).click();
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(
      page.getByRole('link', { name: 'Open the bundle' }),
    ).toBeVisible({ timeout: 60_000 });
  });

  await test.step("the bundle's Diff tab against readonly-rbac says what would be created, updated and deleted", async () => {
    await expect(async () => {
      await page.goto(`/catalog/default/resource/bundle-${bundle}/diff`);
      await expect(page.getByTestId('diff-kind')).toBeAttached({
        timeout: 20_000,
      });
    }).toPass({ timeout: 150_000 });
    await compareWith(page, 'A bundle', 'readonly-rbac');
    await expect(
      page.getByText(`bundle ${bundle} → bundle readonly-rbac`).first(),
    ).toBeVisible();
    await expectTotals(page, { create: 1, update: 1, delete: 1, unchanged: 0 });
    const objects = page.getByRole('table', { name: /^objects of / });
    await expect(objects.locator('[data-testid^="object-"]')).toHaveCount(3);
    // Only readonly-rbac has the binding; both have the role, with other rules; only ours has the ConfigMap.
    await expectDiffRow(objects, 'arlon-readonly-sre', {
      action: 'create',
      kind: 'rbac.authorization.k8s.io/ClusterRoleBinding',
      bundle: 'readonly-rbac',
    });
    await expectDiffRow(objects, 'arlon-readonly', {
      action: 'update',
      kind: 'rbac.authorization.k8s.io/ClusterRole',
      bundle: 'readonly-rbac',
      changes: /rules/,
    });
    await expectDiffRow(objects, 'default/e2e-settings', {
      action: 'delete',
      kind: 'ConfigMap',
      bundle,
    });
    // The update opens to its diff: readonly-rbac's rules come in.
    await rowWith(objects, 'arlon-readonly').click();
    const unified = page.getByTestId('unified-diff');
    await expect(
      unified.locator('div').filter({ hasText: /^\+.*configmaps/ }),
    ).not.toHaveCount(0);
    await shot(page, '5-bundle-diff');
  });

  await test.step('the cluster comes up: Provisioned and registered on its page', async () => {
    await expect(async () => {
      await page.goto(`/catalog/default/resource/${cluster}`);
      await expect(page.getByText(`Cluster ${cluster}`)).toBeVisible({
        timeout: 20_000,
      });
    }).toPass({ timeout: 150_000 });
    await expect(page.getByTestId('phase')).toHaveText('Provisioned', {
      timeout: 60_000,
    });
    await expect(page.getByTestId('registration')).toHaveText('registered', {
      timeout: 60_000,
    });
    await shot(page, '6-cluster-page');
  });

  await test.step("a profile applied from the Fleet page shows in the cluster's row", async () => {
    await page.goto('/fleet');
    const row = page.getByRole('row').filter({ hasText: cluster });
    await expect(
      row.getByText('infrastructure', { exact: true }),
    ).toBeVisible();
    await expect(row.getByText('apps', { exact: true })).toHaveCount(0);
    await row.getByRole('checkbox').click();
    await expect(
      page.getByRole('button', { name: 'Apply profile to 1 selected' }),
    ).toBeVisible();
    await page
      .getByTestId('bulk-profile')
      .locator('..')
      .getByRole('button')
      .click();
    await page.getByRole('option', { name: 'apps', exact: true }).click();
    await page
      .getByRole('button', { name: 'Apply profile to 1 selected' })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByTestId('apply-preview')).toContainText(
      `arlon/clusters/${cluster}.yaml`,
    );
    // …and the profile's pre-flight on the live cluster (its Helm bundle is noted, not rendered).
    await expect(
      dialog
        .getByTestId('live-impact')
        .getByRole('row')
        .filter({ hasText: cluster }),
    ).toContainText('Helm chart');
    await shot(page, '7-apply-preview');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(
      page.getByText(new RegExp(`Applied apps to ${cluster} in commit`)),
    ).toBeVisible();
    // The row shows both profiles, and still does when read afresh from the fleet repository.
    await expect(row.getByText('apps', { exact: true })).toBeVisible();
    await page.reload();
    await expect(row.getByText('apps', { exact: true })).toBeVisible();
    await expect(
      row.getByText('infrastructure', { exact: true }),
    ).toBeVisible();
    await shot(page, '8-fleet-row');
  });

  await test.step("the cluster's page lists the profile and ArgoCD's Applications for its bundles", async () => {
    await page.goto(`/catalog/default/resource/${cluster}`);
    const card = page.getByText(`Cluster ${cluster}`);
    await expect(card).toBeVisible();
    // How it is built: its spec, then its profiles, each a chip.
    const build = page.getByText('Profiles', { exact: true }).locator('..');
    await expect(
      build.getByRole('link', { name: 'apps', exact: true }),
    ).toBeVisible();
    await expect(
      build.getByRole('link', { name: 'infrastructure', exact: true }),
    ).toBeVisible();
    // ArgoCD (the sandbox's) makes the Applications once the commit and the cluster's labels reach it.
    const bundles = page.getByRole('table').filter({
      has: page.getByRole('columnheader', { name: 'Bundle', exact: true }),
    });
    // A bundle's cell holds its link and ArgoCD's message, if any.
    const application = (name: string) =>
      bundles
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name, exact: true }) });
    await expect(async () => {
      await page.reload();
      await expect(application('guestbook')).toBeVisible({ timeout: 20_000 });
    }).toPass({ timeout: 180_000 });
    const profileOf = async (name: string, profile: string) =>
      expect(application(name).getByRole('cell').nth(1)).toHaveText(profile);
    await profileOf('guestbook', 'apps');
    await profileOf('calico', 'infrastructure');
    await profileOf('cert-manager', 'infrastructure');
    await profileOf('readonly-rbac', 'infrastructure');
    await expect(application('readonly-rbac')).toContainText('Synced', {
      timeout: 60_000,
    });
    await shot(page, '9-cluster-applications');
  });

  await test.step('a pre-flight of the synced readonly-rbac bundle on the cluster changes nothing', async () => {
    await page.goto('/catalog/default/resource/bundle-readonly-rbac/diff');
    await page
      .getByTestId('diff-name')
      .locator('..')
      .getByRole('button')
      .click();
    await page.getByRole('option', { name: cluster, exact: true }).click();
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    await expect(
      page.getByText(`cluster ${cluster} → bundle readonly-rbac`).first(),
    ).toBeVisible();
    await expectTotals(page, { create: 0, update: 0, delete: 0, unchanged: 2 });
    const objects = page.getByRole('table', { name: /^objects of / });
    await expectDiffRow(objects, 'arlon-readonly', {
      action: 'unchanged',
      kind: 'rbac.authorization.k8s.io/ClusterRole',
      bundle: 'readonly-rbac',
    });
    await expectDiffRow(objects, 'arlon-readonly-sre', {
      action: 'unchanged',
      kind: 'rbac.authorization.k8s.io/ClusterRoleBinding',
      bundle: 'readonly-rbac',
    });
    await shot(page, '10-preflight-diff');
  });

  await test.step('a user the policy denies deletion sees Delete disabled, and why', async () => {
    await denyInBrowser(page, 'arlon.cluster.delete');
    await page.goto(`/catalog/default/resource/${cluster}`);
    const actions = page.getByRole('group', { name: 'Cluster actions' });
    // The update permission, answered by the portal's policy, still allows Sync.
    await expect(actions.getByRole('button', { name: 'Sync' })).toBeEnabled();
    const del = page.getByRole('button', { name: 'Delete', exact: true });
    await expect(del).toBeDisabled();
    await del.locator('..').hover();
    await expect(page.getByRole('tooltip')).toHaveText(
      'You need the arlon.cluster.delete permission',
    );
    await shot(page, '11-delete-denied');
  });
});
