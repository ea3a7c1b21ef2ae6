// The whole database schema; drizzle-kit generates migrations from this module.
export * from './users';
export * from './refreshTokens';
export * from './passwordResetTokens';
export * from './outbox';
export * from './serverSecrets';
