import { expect, test } from '@playwright/test';

/**
 * In a fresh create-app app (legacy frontend) wired as our READMEs say, the
 * Fleet page lists the sandbox's fleet and a cluster's entity page shows the
 * Arlon cluster card. The screenshots show the plugin inside that app.
 */
const artifacts = process.env.ADOPTION_ARTIFACTS ?? 'artifacts/adoption';

test.beforeEach(async ({ page }) => {
  // create-app's legacy App offers guest sign-in (automatic only once signed in).
  await page.goto('/');
  await page.getByRole('button', { name: 'Enter' }).click();
  await expect(page.getByRole('button', { name: 'Enter' })).toBeHidden();
});

test('the Fleet page lists the fleet', async ({ page }) => {
  await page.goto('/fleet');
  const clusters = page.getByRole('table').first();
  await expect(clusters.getByText('prod-us-west')).toBeVisible();
  await expect(clusters.getByText('staging-eu')).toBeVisible();
  // What the backend plugin read from the fleet repository: provider and
  // profiles per cluster. (Live phases are not waited for here: the
  // sandbox builds the fleet only after the bootstrap, at its own pace.)
  await expect(
    clusters.getByRole('row', { name: /prod-us-west aws .*infrastructure/ }),
  ).toBeVisible();
  // The management cluster is connected, read live by the backend plugin.
  await expect(page.getByText('v1.31.0-arlon-sandbox').first()).toBeVisible();
  await page.screenshot({ path: `${artifacts}/fleet-page.png`, fullPage: true });
});

test('a cluster entity shows the Arlon cluster card', async ({ page }) => {
  await page.goto('/catalog/default/resource/prod-us-west');
  await expect(page.getByText('Cluster prod-us-west')).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText('infrastructure').first()).toBeVisible();
  await page.screenshot({ path: `${artifacts}/cluster-card.png`, fullPage: true });
});

test("the Create page lists Arlon's templates from the installed package", async ({
  page,
}) => {
  // The catalog reads the README's location (into node_modules) at start-up:
  // the list is fetched once per visit, so visit again until it is processed.
  await expect(async () => {
    await page.goto('/create');
    await expect(
      page.getByText('Create a cluster', { exact: true }).first(),
    ).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 120_000 });
  await expect(
    page.getByText('Apply profiles to clusters', { exact: true }).first(),
  ).toBeVisible();
  await page.screenshot({ path: `${artifacts}/templates.png`, fullPage: true });
});
