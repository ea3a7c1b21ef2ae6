// A passenger story as flow.json stores it (docs/flow-format.md): the steps one airline and
// segregation's passengers take. The flow editor edits stories; the airport document follows them.

export type QueueNumber = 1 | 2;
export type CheckinResourceType = 'fullservice' | 'kiosk' | 'bagdrop';

/** One step of a passenger story, stored as it is in flow.json (ids under the clone's keys). */
export type StoryStep = { id: string; position: { x: number; y: number } } & (
  | { kind: 'input' }
  | { kind: 'queue'; zone_id: number; queue: QueueNumber }
  | { kind: 'process'; resource_type: CheckinResourceType | 'security'; mean_seconds: number; cv: number }
  | { kind: 'output'; resource_id: number | null; name: string }
);

/** The steps a passenger of one airline and segregation takes, in order. */
export type PaxStory = { airline_id: number; airline: string; segregation: string; steps: StoryStep[] };
