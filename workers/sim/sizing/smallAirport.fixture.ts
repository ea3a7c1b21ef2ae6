// A small airport day for the sizing tests and the command line's: two flights, a check-in queue
// of four desks (two allocated to BA, one to the U2 flight), and one checkpoint of two security
// resources, the second opening its lanes by a lane schedule.
export function smallAirport() {
  return {
    kind: 'airport',
    seed: 2,
    sizing: { share: 0.9, period_minutes: 30 },
    turnup_profiles: [{ id: 'p', bin_minutes: 30, earliest_minutes: 150, shares: [20, 40, 30, 10] }],
    flights: [
      { id: 'BA1', airline: 'BA', std_minutes: 600, passengers: 160, turnup_profile: 'p', segregations: [{ name: 'Y', share: 100 }] },
      { id: 'U21', airline: 'U2', std_minutes: 630, passengers: 120, turnup_profile: 'p', segregations: [{ name: 'Y', share: 100 }] },
    ],
    resources: [
      { id: 'D1', type: 'fullservice' },
      { id: 'D2', type: 'fullservice' },
      { id: 'D3', type: 'fullservice' },
      { id: 'D4', type: 'fullservice' },
      { id: 'S1', type: 'security', positions: 2, mean_service_minutes: 0.5 },
      {
        id: 'S2',
        type: 'security',
        positions: 3,
        mean_service_minutes: 0.5,
        lane_schedule: [
          { from_minutes: 420, to_minutes: 510, lanes: 1 },
          { from_minutes: 510, to_minutes: 600, lanes: 3 },
        ],
      },
    ],
    resource_allocations: [
      { resource: 'D1', airline: 'BA', from_minutes: 450, to_minutes: 560 },
      { resource: 'D2', airline: 'BA', from_minutes: 480, to_minutes: 560 },
      { resource: 'D3', flight: 'U21', from_minutes: 480, to_minutes: 590 },
    ],
    flow: {
      splits: [
        { airline: 'BA', segregation: 'Y', to: [{ node: 'desks', proportion: 100 }] },
        { airline: 'U2', segregation: 'Y', to: [{ node: 'desks', proportion: 100 }] },
      ],
      queues: [{ id: 'desks', name: 'Zone A', resources: ['D1', 'D2', 'D3', 'D4'], los_target_minutes: 15, to: [{ node: 'sec', proportion: 100 }] }],
      outputs: [{ id: 'sec', name: 'Security', resources: ['S1', 'S2'], los_target_minutes: 5 }],
    },
  };
}
