// The label selector lives in arlon-common (selectors/), one reading shared
// with the sandbox; this keeps the name for arlon-node's callers.
export {
  MAX_SELECTOR_LENGTH,
  matchesSelector,
} from '@arlon-backstage/plugin-arlon-common';
