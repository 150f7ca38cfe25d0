import { describeExamples } from '../__testUtils__/examples';
import { createProfileCreateAction } from './profileCreate';
import { examples } from './profileCreate.examples';

describeExamples('arlon:profile:create', examples, fleet =>
  createProfileCreateAction(fleet.options),
);
