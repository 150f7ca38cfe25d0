import { expect, test } from '@playwright/test';

test('a guest signs in, opens the Fleet page and sees the sandbox connected', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Enter' }).click();

  const nav = page.getByRole('navigation', { name: 'sidebar nav' });
  await nav.getByRole('link', { name: 'Fleet', exact: true }).click();
  await expect(page).toHaveURL(/\/fleet$/);

  // The health panel, filled from GET /api/arlon/health by the real backend.
  await expect(page.getByTestId('fleet-health-overall')).toHaveText(
    'Every management cluster and the fleet repository are reachable.',
  );
  const clusters = page.getByRole('table').filter({ hasText: 'sandbox' });
  await expect(clusters.getByText('v1.31.0-arlon-sandbox')).toBeVisible();
  await expect(page.getByText('Branch: main')).toBeVisible();
  await expect(page.getByText(/^Head commit:/)).toBeVisible();

  await page.screenshot({
    path: 'artifacts/screenshots/fleet-page.png',
    fullPage: true,
  });
});

test('the health API refuses a request without a Backstage token', async ({
  request,
}) => {
  const res = await request.get('http://localhost:7007/api/arlon/health');
  expect(res.status()).toBe(401);
});
