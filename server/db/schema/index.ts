// The whole database schema; drizzle-kit generates migrations from this module. Domain tables
// name their properties as the API names its fields (see columns.ts).
export * from './users';
export * from './refreshTokens';
export * from './passwordResetTokens';
export * from './outbox';
export * from './serverSecrets';
export * from './projects';
export * from './scenarios';
export * from './airports';
export * from './reference';
export * from './flights';
export * from './rules';
export * from './resources';
export * from './jobs';
export * from './simulationRuns';
export * from './jobFiles';
export * from './authAttempts';
export * from './sizingPlans';
export * from './history';
export * from './presence';
