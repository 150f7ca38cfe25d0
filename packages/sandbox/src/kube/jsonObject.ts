/** A JSON object as decoded from a request body or read from the store. */
export type Obj = Record<string, any>;

/** Whether `v` is a JSON object: not null, not an array. */
export const isObject = (v: unknown): v is Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
