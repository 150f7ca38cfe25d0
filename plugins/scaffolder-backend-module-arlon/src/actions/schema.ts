import type { TemplateActionOptions } from '@backstage/plugin-scaffolder-node';

/**
 * The zod a template action's schema functions are handed: scaffolder-node
 * 1.0 passes its own `zod/v3` API (it imports `z` from 'zod/v3'), and the
 * installed zod is 4, whose default export has other types. Taken from
 * scaffolder-node's signature rather than imported from zod, so a schema
 * helper declared outside `createTemplateAction` (shared inputs, outputs)
 * is typed as the scaffolder will call it, with no zod dependency of ours
 * to drift from theirs. (Inside a createTemplateAction call the parameter
 * is typed by context; an `any` annotation on `z` was only ever needed outside one.)
 */
export type ScaffolderZod = Parameters<
  NonNullable<NonNullable<TemplateActionOptions['schema']>['input']>[string]
>[0];
