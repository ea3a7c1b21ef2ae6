// The shape of a finished run as the screen keeps, saves and reopens it: the engine's airport
// output.
import type { SimulationOutput } from '../../../../workers/sim/run';

export type AirportOutput = Extract<SimulationOutput, { kind: 'airport' }>;
export type QueueOutput = AirportOutput['queues'][string];

export type RunResults = { output: AirportOutput };
