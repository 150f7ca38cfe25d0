import type { ArlonApi } from '../api/ArlonClient';

/** An ArlonApi whose unlisted methods fail loudly, so a test sees any call it did not expect. */
export function mockArlonApi(methods: Partial<ArlonApi>): ArlonApi {
  return new Proxy(methods as ArlonApi, {
    get(target, property) {
      if (property in target) return (target as any)[property];
      // Not a promise, not a special object: only ArlonApi's own methods answer.
      if (typeof property !== 'string' || property === 'then') return undefined;
      return () =>
        Promise.reject(
          new Error(`ArlonApi.${property} was not expected in this test`),
        );
    },
  });
}
