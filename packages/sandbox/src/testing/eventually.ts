/**
 * For tests against the sandbox: polls `probe` until it gives a truthy value
 * (errors count as "not yet", as an object may not exist yet), and fails
 * naming `what` after `timeoutMs`.
 *
 * @public
 */
export async function eventually<T>(
  probe: () =>
    | Promise<T | undefined | false | null>
    | T
    | undefined
    | false
    | null,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await Promise.resolve()
      .then(probe)
      .catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise(r => setTimeout(r, 100));
  }
}
