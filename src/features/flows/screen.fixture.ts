// What the flows and pax-stories screen tests share: the scenario they run on and the API calls
// both screens make on opening, answered from the flow fixtures.
import { testUser } from '../../testing/app';
import { sourceData } from './model/fixtures';

const fixtureScenario = {
  id: 7,
  project_id: 4,
  project: { id: 4, name: 'JFK' },
  name: 'Design day',
  description: '',
  selected_schedule: 3,
  design_date: null,
  created_at: '',
  updated_at: '',
};

/** The answers to the calls a flows or pax-stories screen makes on opening (no saved graph). */
export const openingRoutes = () => ({
  'GET /api/auth/user/': { body: testUser },
  'GET /api/scenarios/7/': { body: fixtureScenario },
  'GET /api/zones/': { body: sourceData.zones },
  'GET /api/allocation/resource/': { body: sourceData.resources },
  'GET /api/airline-colours/': { body: sourceData.colours },
  'GET /api/passenger-movement-graphs/': { body: [] },
  'GET /api/airlines/by_source/': { body: sourceData.airlines },
  'GET /api/segregations/by_airline_source/': { body: sourceData.segregations },
  // American's departures check in at Zone A (10), Delta's mostly at Zone B (11).
  'GET /api/airlines/zones/': {
    body: [
      { airline_id: 1, zone_id: 10, zones: 1 },
      { airline_id: 3, zone_id: 11, zones: 2 },
    ],
  },
});
