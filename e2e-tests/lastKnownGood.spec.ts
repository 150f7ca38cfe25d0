import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/** The sandbox's fleet repository, as app-config.yaml names it. */
const FLEET = 'http://127.0.0.1:7080/fleet.git';
const FILE = 'arlon/clusters/prod-us-west.yaml';

/** Clones the fleet, lets `edit` change it, commits and pushes: a hand push to Git. */
function pushByHand(message: string, edit: (dir: string) => void): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-fleet-'));
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' }).trim();
  try {
    execFileSync('git', ['clone', '-q', FLEET, dir]);
    edit(dir);
    git('add', '-A');
    // Already as wanted (e.g. a development backend restarted its sandbox): nothing to push.
    if (!git('status', '--porcelain')) return git('rev-parse', 'HEAD');
    git(
      '-c',
      'user.name=E2E user',
      '-c',
      'user.email=e2e@arlon.invalid',
      'commit',
      '-qm',
      message,
    );
    git('push', '-q', 'origin', 'HEAD');
    return git('rev-parse', 'HEAD');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The backend (and the sandbox's Git server with it) may start after the frontend answers. */
async function waitForFleet() {
  const deadline = Date.now() + 240_000;
  for (;;) {
    try {
      execFileSync('git', ['ls-remote', FLEET], { stdio: 'ignore' });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise(r => setTimeout(r, 2000));
    }
  }
}

test('a cluster broken by a hand push is held at last known good, and says so on its page', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await waitForFleet();
  let original = '';
  const breakIt = () =>
    pushByHand('Tidy prod-us-west', dir => {
      const file = path.join(dir, FILE);
      original = fs.readFileSync(file, 'utf8').replace('profles:', 'profiles:');
      fs.writeFileSync(file, original.replace('profiles:', 'profles:'));
    });
  breakIt();
  try {
    await page.goto('/');
    await page.getByRole('button', { name: 'Enter' }).click();
    const warning = page.getByTestId('held-warning');
    // `yarn start` restarts the backend (and its sandbox, freshly seeded)
    // when sources change: push again if the typo is gone from the head.
    await expect(async () => {
      breakIt();
      await page.goto('/catalog/default/resource/prod-us-west');
      await expect(warning).toBeVisible({ timeout: 20_000 });
    }).toPass({ timeout: 180_000 });
    await expect(warning).toContainText('Held at last known good (commit ');
    await expect(warning).toContainText(`${FILE}:13`);
    await expect(warning).toContainText('profles');
    // The breaking commit (a retry above may have found the typo already pushed).
    await expect(warning).toContainText(
      /Broken by commit [0-9a-f]{12} “Tidy prod-us-west”/,
    );
    // Its last good definition is what the page shows: the profile is still there.
    await expect(page.getByText('infrastructure').first()).toBeVisible();
    // The page scrolls inside its own container: bring the card's warning into view.
    await warning.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: 'artifacts/screenshots/held-at-last-known-good.png',
    });

    await page.goto('/fleet');
    const fleet = page.getByTestId('fleet-held');
    await expect(fleet).toContainText('Cluster prod-us-west');
    await expect(fleet).toContainText('Holds: prod-us-west');
    await page.screenshot({
      path: 'artifacts/screenshots/fleet-held.png',
      fullPage: true,
    });
  } finally {
    pushByHand('Fix prod-us-west', dir =>
      fs.writeFileSync(path.join(dir, FILE), original),
    );
  }

  // Fixed: the warning goes.
  await page.goto('/catalog/default/resource/prod-us-west');
  await expect(page.getByText('Cluster prod-us-west')).toBeVisible();
  await expect(page.getByTestId('held-warning')).toHaveCount(0, {
    timeout: 30_000,
  });
});
