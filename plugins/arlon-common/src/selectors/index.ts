export {
  type LabelRequirement,
  type LabelSelectorOperator,
  LabelSelectorError,
  matchesLabelSelector,
  parseLabelSelector,
} from './labelSelector';
export { labelSelectorObjectRequirements } from './labelSelectorObject';
export {
  LabelSelectorTooLongError,
  MAX_SELECTOR_LENGTH,
  matchesSelector,
} from './matchesSelector';
