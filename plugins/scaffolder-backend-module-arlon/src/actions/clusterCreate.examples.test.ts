import { describeExamples } from '../__testUtils__/examples';
import { createClusterCreateAction } from './clusterCreate';
import { examples } from './clusterCreate.examples';

describeExamples('arlon:cluster:create', examples, fleet =>
  createClusterCreateAction(fleet.options),
);
