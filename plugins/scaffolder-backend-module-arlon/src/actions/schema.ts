import type {
  TemplateAction,
  TemplateActionOptions,
} from '@backstage/plugin-scaffolder-node';

/**
 * The zod a template action's schema functions are handed: scaffolder-node
 * 1.0 passes its own `zod/v3` API (it imports `z` from 'zod/v3'), and the
 * installed zod is 4, whose default export has other types. Taken from
 * scaffolder-node's signature rather than imported from zod, so a schema
 * helper declared outside `createTemplateAction` (shared inputs, outputs)
 * is typed as the scaffolder will call it, with no zod dependency of ours
 * to drift from theirs.
 */
export type Zod = Parameters<
  NonNullable<NonNullable<TemplateActionOptions['schema']>['input']>[string]
>[0];

/**
 * What every `create*Action` is declared to return. Declared rather than
 * inferred: the inferred input and output types carry string unions (an
 * enum's values) that the type checker prints in the order it met them,
 * which differs between builds and makes the API report flap. `ctx.input`
 * inside each action is still typed from its schema.
 */
export type ArlonTemplateAction = TemplateAction<any, any, 'v2'>;
