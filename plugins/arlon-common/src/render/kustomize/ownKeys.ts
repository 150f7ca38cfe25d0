/**
 * Sets `key` as an own property even when it is `__proto__`: keys come from
 * YAML in Git, and an assignment would change the object's prototype instead.
 */
export function setOwn(
  target: Record<string, unknown>,
  key: string,
  value: unknown,
): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
