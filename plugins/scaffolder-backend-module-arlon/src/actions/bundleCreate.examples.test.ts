import { describeExamples } from '../__testUtils__/examples';
import { createBundleCreateAction } from './bundleCreate';
import { examples } from './bundleCreate.examples';

describeExamples('arlon:bundle:create', examples, fleet =>
  createBundleCreateAction(fleet.options),
);
