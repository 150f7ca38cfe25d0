import { describeExamples } from '../__testUtils__/examples';
import { createClusterSpecCreateAction } from './clusterSpecCreate';
import { examples } from './clusterSpecCreate.examples';

describeExamples('arlon:clusterspec:create', examples, fleet =>
  createClusterSpecCreateAction(fleet.options),
);
