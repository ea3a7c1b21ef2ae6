// Passenger movement graphs: the flow editor's document (nodes, edges, splits, pax stories)
// saved with a scenario.
import { z } from 'zod';
import type { FastifyPluginAsync } from 'fastify';
import { passengerMovementGraphs } from '../db/schema';
import type { ResourceSpec } from './scenarioRows';
import { registerScenarioResource } from './scenarioResource';
import { name } from './fields';

export const graphsResource: ResourceSpec = {
  path: 'passenger-movement-graphs/',
  table: passengerMovementGraphs,
  name: 'PassengerMovementGraph',
  tag: 'passenger-movement-graphs',
  fields: z.object({
    name,
    graph: z.record(z.string(), z.unknown()).describe('The flow.json document (see docs/flow-format.md)'),
  }),
  orderBy: [passengerMovementGraphs.name],
};

const graphsRoutes: FastifyPluginAsync = async (app) => {
  registerScenarioResource(app, graphsResource);
};

export default graphsRoutes;
