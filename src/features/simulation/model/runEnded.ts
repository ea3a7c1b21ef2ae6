// How a run that threw ends on screen, for the simulation and the sizing alike: cancelled when the
// planner cancelled it, otherwise failed with the error's words and the field they are about.
import { SimError } from '../../../../workers/sim/errors';

export type RunEnded = { status: 'failed'; scenarioId: number; message: string; field: string } | { status: 'cancelled'; scenarioId: number };

export function runEnded(caught: unknown, scenarioId: number): RunEnded {
  if (caught instanceof SimError && caught.code === 'cancelled') return { status: 'cancelled', scenarioId };
  return {
    status: 'failed',
    scenarioId,
    message: caught instanceof Error ? caught.message : String(caught),
    field: caught instanceof SimError ? caught.field : '',
  };
}
