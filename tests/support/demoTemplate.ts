// Global setup of the browser tests, after buildOnce.ts: one server seeds and prepares the demo
// (the planner account, the JFK design day and its preparation jobs) and stops; each file's server
// then starts on a copy of its database (testServer.ts `copyOf`: a copied folder, or a PostgreSQL
// database made from it as a template) instead of seeding and preparing the demo again, which
// cost every file several seconds of both cores.
import type { TestProject } from 'vitest/node';
import { startTestServer, type ServerData } from './testServer';

declare module 'vitest' {
  export interface ProvidedContext {
    demoData: ServerData;
  }
}

export default async function demoTemplate(project: TestProject): Promise<() => Promise<void>> {
  const server = await startTestServer();
  await server.stop();
  project.provide('demoData', { dataDir: server.dataDir, databaseUrl: server.databaseUrl });
  return () => server.discard();
}
