// Types of entryPoints.mjs for the TypeScript that reads it (the first-start benchmark).
export const ROOT: string;
export const BUILD_DIR: string;
export const BUILD_STAMP: string;
export const THREAD_ENTRIES: Record<string, string>;
export const ENTRY_POINTS: Record<string, string>;
export function buildState(): 'missing' | 'stale' | 'current';
