import { expect, test } from '@playwright/test';

test('the home page is the landing page and shows the fleet at a glance', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Enter' }).click();

  // Arlon's widget, filled from GET /api/arlon/clusters and /verify by the
  // real backend over the sandbox's example fleet (four clusters).
  await expect(page.getByTestId('fleet-glance-total')).toHaveText('4 clusters');
  // edge-imported is the example fleet's external cluster: always Imported,
  // whatever the sandbox's simulated Cluster API has built of the others.
  await expect(page.getByTestId('fleet-glance-phase')).toContainText(
    'Imported 1',
  );
  await expect(page.getByTestId('fleet-glance-health')).toBeVisible();
  await expect(page.getByTestId('fleet-glance-attention')).toBeVisible();

  // The portal's own welcome, not create-app's.
  await expect(
    page.getByRole('link', { name: 'Create a cluster' }),
  ).toHaveAttribute('href', '/create/templates/default/arlon-create-cluster');
  await expect(page.getByText('Welcome to Backstage')).toHaveCount(0);

  await page.screenshot({
    path: 'artifacts/screenshots/home-page.png',
    fullPage: true,
  });
});
