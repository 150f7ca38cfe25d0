import { describeExamples } from '../__testUtils__/examples';
import { createClusterSpecCloneAction } from './clusterSpecClone';
import { examples } from './clusterSpecClone.examples';

describeExamples('arlon:clusterspec:clone', examples, fleet =>
  createClusterSpecCloneAction(fleet.options),
);
