import { exampleInputs } from '../__testUtils__/examples';
import { withFleet } from '../__testUtils__/standardCases';
import { stepContext } from '../__testUtils__/testFleet';
import { createProfileApplyAction } from './profileApply';
import { applyExamples, removeExamples } from './profileApply.examples';

describe('arlon:profile:apply and :remove examples', () => {
  const apply = withFleet(fleet =>
    createProfileApplyAction(fleet.options, 'apply'),
  );
  const remove = withFleet(fleet =>
    createProfileApplyAction(fleet.options, 'remove'),
  );

  it.each(exampleInputs(applyExamples, 'arlon:profile:apply'))(
    '%s: changes the matching clusters',
    async (_description, input) => {
      const { ctx, outputs } = stepContext(input, { dryRun: true });
      await apply().action.handler(ctx);
      expect((outputs.clusters as string[]).length).toBeGreaterThan(0);
    },
  );

  it.each(exampleInputs(removeExamples, 'arlon:profile:remove'))(
    '%s: changes the matching clusters',
    async (_description, input) => {
      const { ctx, outputs } = stepContext(input, { dryRun: true });
      await remove().action.handler(ctx);
      expect(outputs.files).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^update arlon\/clusters\//),
        ]),
      );
    },
  );
});
