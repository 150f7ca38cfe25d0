/**
 * Arlon's model, validation, compiler and API types, shared by the browser and
 * node. Pure code: no I/O.
 *
 * @packageDocumentation
 */
export * from './health';
