/***/
/**
 * Node.js library for the arlon plugin.
 *
 * @packageDocumentation
 */

// In this package you might for example export functions that
// help other plugins or modules interact with your plugin.

/**
 * Does something useful.
 *
 * @public
 */
export function someFunction() {
  // ...
}
