import type { TemplateAction } from '@backstage/plugin-scaffolder-node';

/**
 * What every `create*Action` is declared to return. Declared rather than
 * inferred: the inferred input and output types carry string unions (an
 * enum's values) that the type checker prints in the order it met them,
 * which differs between builds and makes the API report flap. `ctx.input`
 * inside each action is still typed from its schema.
 *
 * @public
 */
export type ArlonTemplateAction = TemplateAction<any, any, 'v2'>;
