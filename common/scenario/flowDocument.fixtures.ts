// A flow.json document as the flow editor writes it (src/features/flows/model/flowDocument.fixtures.ts's
// edited graph, which its flowDocument.test.ts checks against this), and a passenger story: the
// input of the converter tests here, which need no editor code.
import type { FlowDocument } from './flowDocument';
import type { PaxStory } from './paxStory';

/** Two check-in zones, two security outputs, AA split 60/40 over two queues, AA J to zone B; DL not connected. */
export const editedFlowDocument: FlowDocument = {
  format: 'airport-planner/flow',
  version: 1,
  nodes: [
    { id: 'airline-AA', kind: 'airline', position: { x: 15, y: -40 }, airline_id: 1, code: 'AA', name: 'American', segregations: ['J', 'Y'] },
    { id: 'airline-DL', kind: 'airline', position: { x: 0, y: 530 }, airline_id: 3, code: 'DL', name: 'Delta', segregations: ['J', 'Y'] },
    { id: 'area-10', kind: 'area', position: { x: 460, y: 0 }, zone_id: 10, name: 'Checkin Zone A' },
    { id: 'queue-10-1', kind: 'queue', position: { x: 20, y: 532 }, parent: 'area-10', zone_id: 10, queue: 1, name: 'Queue 1' },
    { id: 'queue-10-2', kind: 'queue', position: { x: 210, y: 532 }, parent: 'area-10', zone_id: 10, queue: 2, name: 'Queue 2' },
    {
      id: 'resource-101',
      kind: 'resource',
      position: { x: 20, y: 52 },
      parent: 'area-10',
      resource_id: 101,
      zone_id: 10,
      name: 'A01',
      resource_type: 'fullservice',
      service_mean_seconds: 120,
      service_cv: 0.6,
    },
    {
      id: 'resource-102',
      kind: 'resource',
      position: { x: 112, y: 52 },
      parent: 'area-10',
      resource_id: 102,
      zone_id: 10,
      name: 'A02',
      resource_type: 'kiosk',
      service_mean_seconds: 60,
      service_cv: 0.5,
    },
    {
      id: 'resource-103',
      kind: 'resource',
      position: { x: 204, y: 52 },
      parent: 'area-10',
      resource_id: 103,
      zone_id: 10,
      name: 'A03',
      resource_type: 'bagdrop',
      service_mean_seconds: 60,
      service_cv: 0.5,
    },
    { id: 'area-11', kind: 'area', position: { x: 460, y: 650 }, zone_id: 11, name: 'Checkin Zone B' },
    { id: 'queue-11-1', kind: 'queue', position: { x: 20, y: 532 }, parent: 'area-11', zone_id: 11, queue: 1, name: 'Queue 1' },
    { id: 'queue-11-2', kind: 'queue', position: { x: 210, y: 532 }, parent: 'area-11', zone_id: 11, queue: 2, name: 'Queue 2' },
    {
      id: 'resource-111',
      kind: 'resource',
      position: { x: 20, y: 52 },
      parent: 'area-11',
      resource_id: 111,
      zone_id: 11,
      name: 'B01',
      resource_type: 'fullservice',
      service_mean_seconds: 120,
      service_cv: 0.6,
    },
    { id: 'output-201', kind: 'output', position: { x: 1060, y: 272 }, resource_id: 201, name: 'Security South' },
    { id: 'output-202', kind: 'output', position: { x: 1060, y: 922 }, resource_id: 202, name: 'Security North' },
  ],
  edges: [
    { id: 'airline-AA[AA|Y|0]->queue-10-1', source: 'airline-AA', target: 'queue-10-1', source_handle: 'AA|Y|0' },
    { id: 'airline-AA[AA|Y|1]->queue-10-2', source: 'airline-AA', target: 'queue-10-2', source_handle: 'AA|Y|1' },
    { id: 'airline-AA[AA|J|0]->queue-11-1', source: 'airline-AA', target: 'queue-11-1', source_handle: 'AA|J|0' },
    { id: 'queue-10-1->resource-101', source: 'queue-10-1', target: 'resource-101' },
    { id: 'queue-10-2->resource-102', source: 'queue-10-2', target: 'resource-102' },
    { id: 'queue-10-2->resource-103', source: 'queue-10-2', target: 'resource-103' },
    { id: 'queue-11-1->resource-111', source: 'queue-11-1', target: 'resource-111' },
    { id: 'resource-101->output-201', source: 'resource-101', target: 'output-201' },
    { id: 'resource-102->output-201', source: 'resource-102', target: 'output-201' },
    { id: 'resource-102->output-202', source: 'resource-102', target: 'output-202' },
    { id: 'resource-111->output-202', source: 'resource-111', target: 'output-202' },
  ],
  splits: [
    { id: 'AA|Y|0', proportion: 60 },
    { id: 'AA|Y|1', proportion: 40 },
  ],
  pax_stories: [],
};

/** DL Y's passengers: a kiosk at zone A's Queue 1, a bag drop at its Queue 2, then Security North. */
export const dlStory: PaxStory = {
  airline_id: 3,
  airline: 'DL',
  segregation: 'Y',
  steps: [
    { id: 's1', kind: 'input', position: { x: 0, y: 0 } },
    { id: 's2', kind: 'queue', zone_id: 10, queue: 1, position: { x: 0, y: -100 } },
    { id: 's3', kind: 'process', resource_type: 'kiosk', mean_seconds: 45, cv: 0.3, position: { x: 0, y: -200 } },
    { id: 's4', kind: 'queue', zone_id: 10, queue: 2, position: { x: 0, y: -300 } },
    { id: 's5', kind: 'process', resource_type: 'bagdrop', mean_seconds: 90, cv: 0.5, position: { x: 0, y: -400 } },
    { id: 's6', kind: 'output', resource_id: 202, name: 'Security North', position: { x: 0, y: -500 } },
  ],
};
