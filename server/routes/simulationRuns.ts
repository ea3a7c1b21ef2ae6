// Saved simulation runs of a scenario.
import { z } from 'zod';
import type { FastifyPluginAsync } from 'fastify';
import { simulationRuns } from '../db/schema';
import { registerScenarioResource } from './scenarioResource';
import { name } from './fields';

const simulationRunsRoutes: FastifyPluginAsync = async (app) => {
  registerScenarioResource(app, {
    path: 'simulation-runs/',
    table: simulationRuns,
    name: 'SimulationRun',
    tag: 'simulation-runs',
    fields: z.object({
      name,
      settings: z.record(z.string(), z.unknown()).optional(),
      document: z.record(z.string(), z.unknown()).nullable().optional().describe('The airport document that ran'),
      results: z.record(z.string(), z.unknown()).describe('The simulation output'),
    }),
    orderBy: [simulationRuns.created_at],
    // A run's output with its minute-by-minute playback is a few megabytes on a big day.
    bodyLimit: 64 * 1024 * 1024,
  });
};

export default simulationRunsRoutes;
