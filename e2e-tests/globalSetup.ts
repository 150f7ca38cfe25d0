import type { FullConfig } from '@playwright/test';

/**
 * Waits for the portal's backend before any spec runs. Playwright's webServer
 * waits only for the app's port (3000): `yarn start` serves the app's bundle
 * before the backend (and its sandbox) listens, and a guest sign-in needs the
 * backend. Playwright runs globalSetup after the webServer has started.
 */
const BACKEND_URL =
  process.env.PLAYWRIGHT_BACKEND_URL ?? 'http://localhost:7007';
const READINESS = `${BACKEND_URL}/.backstage/health/v1/readiness`;
const TIMEOUT_MS = Number(process.env.PLAYWRIGHT_BACKEND_TIMEOUT_MS ?? 240_000);
const INTERVAL_MS = 500;

async function readinessStatus(): Promise<string> {
  try {
    const res = await fetch(READINESS, { signal: AbortSignal.timeout(5_000) });
    return String(res.status);
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return cause ?? (error as Error).message;
  }
}

export default async function globalSetup(config: FullConfig): Promise<void> {
  // A config without a web server of ours (the adoption test's) starts its
  // own backend and waits for it itself.
  if (!config.webServer) {
    return;
  }
  const deadline = Date.now() + TIMEOUT_MS;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    last = await readinessStatus();
    if (last === '200') {
      return;
    }
    await new Promise(resolve => setTimeout(resolve, INTERVAL_MS));
  }
  throw new Error(
    `The portal's backend was not ready within ${TIMEOUT_MS / 1000} s: ` +
      `GET ${READINESS} last answered ${last}. Look at the backend's output ` +
      `(yarn start), or set PLAYWRIGHT_BACKEND_URL if it listens elsewhere ` +
      `and PLAYWRIGHT_BACKEND_TIMEOUT_MS on a slow machine.`,
  );
}
