export * from './rbac';
export * from './argocdVersion';
export * from './requiredProviders';
export * from './bootstrapObjects';
export * from './bootstrapChecks';
