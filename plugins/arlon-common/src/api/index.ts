// The REST contract of the `arlon` backend plugin: each route's request and
// response, written once, parsed by the backend and typed in the browser.
export * from './problems';
export * from './common';
export * from './clusterActions';
export * from './definitions';
export * from './definitionEditor';
export * from './diff';
export * from './fleet';
export * from './bootstrap';
export * from './webhooks';
