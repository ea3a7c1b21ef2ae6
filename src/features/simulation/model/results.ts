// The shape of a finished run as the screen keeps, saves and reopens it: the engine's airport
// output plus each replication's queue-length series (for the replication band).
import type { SimulationOutput } from '../../../../workers/sim/run';

export type AirportOutput = Extract<SimulationOutput, { kind: 'airport' }>;
export type QueueOutput = AirportOutput['queues'][string];

export type RunResults = {
  output: AirportOutput;
  /** Per queue id, one queue-length series per replication (empty with one replication). */
  queueSeriesByReplication: Record<string, number[][]>;
};
