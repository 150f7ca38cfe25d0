import { expect, Page, test } from '@playwright/test';

/**
 * The whole journey in the browser, against the portal and its sandbox:
 * create a cluster with the template, watch it become Provisioned and
 * registered on its page, apply a profile from the Fleet page, and
 * pre-flight a bundle against the cluster in the Diff tab. A screenshot of
 * each step lands in artifacts/screenshots/.
 */
const cluster = `e2e-${Date.now().toString(36)}`;

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

test('create a cluster, watch it come up, apply a profile, pre-flight a bundle', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.goto('/');
  await page.getByRole('button', { name: 'Enter' }).click();
  // Signed in once the sidebar's links show; only then do page loads keep the session.
  await expect(
    page
      .getByRole('navigation', { name: 'sidebar nav' })
      .getByRole('link', { name: 'Fleet', exact: true }),
  ).toBeVisible();

  // 1. The create-cluster template.
  await page.goto('/create/templates/default/arlon-create-cluster');
  await page.getByLabel('Name', { exact: false }).first().fill(cluster);
  await pickEntity(page, 'Cluster spec', 'docker-dev');
  await shot(page, '1-template-form');
  await page.getByRole('button', { name: 'Next' }).click();
  await pickEntity(page, 'Profiles', 'infrastructure');
  await page.getByRole('button', { name: 'Next' }).click();
  // The template's last page: what the commit will hold, from the scaffolder's dry run.
  const preview = page.getByTestId('commit-preview');
  await preview.getByText(`create arlon/clusters/${cluster}.yaml`).click();
  await expect(preview.locator('pre')).toContainText(`clusterSpec: docker-dev`);
  await shot(page, '2-commit-preview');
  await page.getByRole('button', { name: 'Review' }).click();
  await shot(page, '2b-template-review');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(
    page.getByRole('link', { name: 'Open the cluster' }),
  ).toBeVisible({ timeout: 60_000 });
  await shot(page, '3-template-done');

  // 2. The cluster's page: Provisioned and registered (the catalog and the card catch up within seconds).
  await expect(async () => {
    await page.goto(`/catalog/default/resource/${cluster}`);
    await expect(page.getByText(`Cluster ${cluster}`)).toBeVisible({
      timeout: 5_000,
    });
  }).toPass({ timeout: 90_000 });
  await expect(page.getByTestId('phase')).toHaveText('Provisioned', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('registration')).toHaveText('registered', {
    timeout: 60_000,
  });
  await shot(page, '4-cluster-page');

  // 3. Apply a profile from the Fleet page.
  await page.goto('/fleet');
  const row = page.getByRole('row').filter({ hasText: cluster });
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
  await shot(page, '5-apply-preview');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(
    page.getByText(new RegExp(`Applied apps to ${cluster} in commit`)),
  ).toBeVisible();
  await shot(page, '6-applied');

  // 4. The Diff tab of a bundle the cluster runs: a pre-flight on the live cluster.
  await page.goto('/catalog/default/resource/bundle-readonly-rbac/diff');
  await page.getByTestId('diff-name').locator('..').getByRole('button').click();
  await page.getByRole('option', { name: cluster, exact: true }).click();
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  await expect(
    page.getByTestId(
      'object-rbac.authorization.k8s.io/ClusterRole//arlon-readonly',
    ),
  ).toBeVisible();
  await expect(
    page.getByTestId(
      'object-rbac.authorization.k8s.io/ClusterRoleBinding//arlon-readonly-sre',
    ),
  ).toBeVisible();
  await expect(
    page.getByText(`cluster ${cluster} → bundle readonly-rbac`).first(),
  ).toBeVisible();
  await shot(page, '7-diff');
});
