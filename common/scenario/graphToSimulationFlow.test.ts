// The saved graph as the simulation's `flow` section: splits by proportion to queues, queues
// with their connected resources leading to the outputs those reach, a story replacing its
// segregation's split, the problems named; and the result accepted by the engine's own parser.
import { describe, expect, it } from 'vitest';
import { parseAirport } from '../../workers/sim/airportSchema';
import { dlStory as story, editedFlowDocument } from './flowDocument.fixtures';
import { graphToSimulationFlow } from './graphToSimulationFlow';

const withStories = (...pax_stories: (typeof story)[]) => ({ ...editedFlowDocument, pax_stories });

describe('graphToSimulationFlow', () => {
  it('turns splits, queues and outputs into the flow section', () => {
    const { flow } = graphToSimulationFlow(withStories());
    expect(flow.outputs).toEqual([
      { id: 'output-201', name: 'Security South', resources: ['201'] },
      { id: 'output-202', name: 'Security North', resources: ['202'] },
    ]);
    expect(flow.queues).toEqual([
      { id: 'queue-10-1', name: 'Checkin Zone A Queue 1', resources: ['101'], to: [{ node: 'output-201', proportion: 100 }] },
      {
        id: 'queue-10-2',
        name: 'Checkin Zone A Queue 2',
        resources: ['102', '103'],
        to: [
          { node: 'output-201', proportion: 50 },
          { node: 'output-202', proportion: 50 },
        ],
      },
      { id: 'queue-11-1', name: 'Checkin Zone B Queue 1', resources: ['111'], to: [{ node: 'output-202', proportion: 100 }] },
    ]);
    expect(flow.splits).toEqual([
      { airline: 'AA', segregation: 'J', to: [{ node: 'queue-11-1', proportion: 100 }] },
      {
        airline: 'AA',
        segregation: 'Y',
        to: [
          { node: 'queue-10-1', proportion: 60 },
          { node: 'queue-10-2', proportion: 40 },
        ],
      },
    ]);
  });

  it('names what is missing: unconnected segregations and invalid sums', () => {
    const { problems } = graphToSimulationFlow(withStories());
    expect(problems).toEqual(['DL J: split 1 (100%) leads to no queue with resources', 'DL Y: split 1 (100%) leads to no queue with resources']);
    const doc = withStories();
    const broken = { ...doc, splits: doc.splits.map((s) => (s.id === 'AA|Y|1' ? { ...s, proportion: 30 } : s)) };
    expect(graphToSimulationFlow(broken).problems).toContain('AA Y: the splits do not total 100');
  });

  it('follows a passenger story where there is one, with its processing times per resource', () => {
    const { flow, resourceService } = graphToSimulationFlow(withStories(story), { resourceKey: (id) => `R${id}` });
    expect(flow.splits.find((s) => s.airline === 'DL' && s.segregation === 'Y')).toEqual({
      airline: 'DL',
      segregation: 'Y',
      to: [{ node: 'story-DL-Y-1', proportion: 100 }],
    });
    expect(flow.queues.filter((q) => q.id.startsWith('story-'))).toEqual([
      { id: 'story-DL-Y-1', name: 'DL Y step 1: Checkin Zone A Queue 1, kiosk', resources: ['R102'], to: [{ node: 'story-DL-Y-2', proportion: 100 }] },
      { id: 'story-DL-Y-2', name: 'DL Y step 2: Checkin Zone A Queue 2, bagdrop', resources: ['R103'], to: [{ node: 'output-202', proportion: 100 }] },
    ]);
    expect(resourceService).toEqual({
      R102: { mean_service_minutes: 0.75, service_cv: 0.3 },
      R103: { mean_service_minutes: 1.5, service_cv: 0.5 },
    });
  });

  it('gives a flow the simulation engine accepts', () => {
    const { flow } = graphToSimulationFlow(withStories(story));
    const resources = [
      { id: '101', type: 'fullservice' },
      { id: '102', type: 'kiosk' },
      { id: '103', type: 'bagdrop' },
      { id: '111', type: 'fullservice' },
      { id: '201', type: 'security' },
      { id: '202', type: 'security' },
    ];
    const doc = {
      kind: 'airport',
      turnup_profiles: [{ id: 'p', bin_minutes: 10, earliest_minutes: 120, shares: [20, 30, 30, 20] }],
      flights: [
        {
          id: 'AA1',
          airline: 'AA',
          std_minutes: 600,
          passengers: 100,
          turnup_profile: 'p',
          segregations: [
            { name: 'J', share: 10 },
            { name: 'Y', share: 90 },
          ],
        },
        { id: 'DL1', airline: 'DL', std_minutes: 620, passengers: 80, turnup_profile: 'p', segregations: [{ name: 'Y', share: 100 }] },
      ],
      resources,
      flow,
    };
    expect(() => parseAirport(doc)).not.toThrow();
  });
});
