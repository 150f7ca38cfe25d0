import { describeExamples } from '../__testUtils__/examples';
import { createClusterCloneAction } from './clusterClone';
import { examples } from './clusterClone.examples';

describeExamples('arlon:cluster:clone', examples, fleet =>
  createClusterCloneAction(fleet.options),
);
