import { expect, Page, test } from '@playwright/test';

/**
 * Day 2 in the browser: a sandbox cluster's page links to the
 * upgrade-kubernetes template pre-filled for its spec; the template's dry
 * run previews the commit; once committed, the sandbox's ArgoCD syncs the
 * new Cluster and its Cluster API rolls the control plane, and the
 * cluster's page shows the new version only when Cluster API reports every
 * machine at it. dev-local is built from the seed (linked to docker-dev).
 * The next patch release is asked for, so a rerun against a portal still
 * running (reuseExistingServer) upgrades once more instead of failing.
 */
const CLUSTER = 'dev-local';
const SPEC = 'docker-dev';

async function shot(page: Page, name: string) {
  await page.screenshot({
    path: `artifacts/screenshots/upgrade-${name}.png`,
    fullPage: true,
  });
}

/** `v1.30.0` → `v1.30.1`: an upgrade Kubernetes always allows. */
function nextPatch(version: string): string {
  const m = /^v(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!m) throw new Error(`the page shows "${version}", not a version`);
  return `v${m[1]}.${m[2]}.${Number(m[3]) + 1}`;
}

test("upgrade a cluster's Kubernetes version from its page and see Cluster API report it", async ({
  page,
}) => {
  test.setTimeout(360_000);
  await expect(async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Enter' }).click();
    await expect(
      page
        .getByRole('navigation', { name: 'sidebar nav' })
        .getByRole('link', { name: 'Fleet', exact: true }),
    ).toBeVisible({ timeout: 15_000 });
  }).toPass({ timeout: 120_000 });

  const version = page.getByTestId('kubernetes-version');
  let from = '';
  await test.step('the cluster page shows the version Cluster API reports', async () => {
    await expect(async () => {
      await page.goto(`/catalog/default/resource/${CLUSTER}`);
      await expect(page.getByTestId('phase')).toHaveText('Provisioned', {
        timeout: 15_000,
      });
      await expect(version).toHaveText(/^v\d+\.\d+\.\d+$/, {
        timeout: 15_000,
      });
      // Not in the middle of someone else's rollout.
      await expect(page.getByTestId('kubernetes-rollout')).toHaveCount(0);
    }).toPass({ timeout: 180_000 });
    from = (await version.textContent())!;
    await shot(page, '1-cluster-before');
  });
  const to = nextPatch(from);

  await test.step("the card's Upgrade Kubernetes link opens the template pre-filled for the cluster's spec", async () => {
    await page
      .getByRole('navigation', { name: 'Day-2 templates' })
      .getByRole('link', { name: `Upgrade Kubernetes (spec ${SPEC})` })
      .click();
    await expect(page).toHaveURL(
      /\/create\/templates\/default\/arlon-upgrade-kubernetes/,
    );
    await expect(
      page.getByLabel('A cluster spec and the clusters linked to it'),
    ).toBeChecked();
    await expect(page.getByLabel(/^Cluster spec/).first()).toHaveValue(
      `resource:default/clusterspec-${SPEC}`,
    );
    await page.getByLabel('Kubernetes version', { exact: false }).fill(to);
    await page.getByRole('button', { name: 'Next' }).click();
  });

  await test.step("the dry run previews the commit: the spec's new version", async () => {
    const preview = page.getByTestId('commit-preview');
    const specFile = preview
      .locator('details')
      .filter({ hasText: `arlon/clusterspecs/${SPEC}.yaml` });
    await specFile.locator('summary').click();
    await expect(specFile.locator('pre')).toContainText(
      `kubernetesVersion: ${to}`,
    );
    await shot(page, '2-commit-preview');
    await page.getByRole('button', { name: 'Review' }).click();
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(
      page.getByRole('link', { name: 'Open what was upgraded' }),
    ).toBeVisible({ timeout: 60_000 });
    await shot(page, '3-template-done');
  });

  await test.step('the cluster page shows the new version once Cluster API has rolled every control plane machine', async () => {
    await page.goto(`/catalog/default/resource/${CLUSTER}`);
    await expect(async () => {
      await page.reload();
      await expect(version).toHaveText(to, { timeout: 10_000 });
    }).toPass({ timeout: 180_000 });
    await expect(page.getByTestId('kubernetes-rollout')).toHaveCount(0);
    await expect(page.getByTestId('phase')).toHaveText('Provisioned');
    await shot(page, '4-cluster-upgraded');
  });
});
