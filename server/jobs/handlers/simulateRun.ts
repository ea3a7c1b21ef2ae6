// The simulation of a stored scenario as a job (POST simulation/run/): the airport document the
// request built is run in this process's simulation threads, and the run is saved in
// simulation_runs as the Simulation screen saves one (settings with each queue's process, the
// document, the results), so the screen lists and opens it like its own. A cancelled job stops
// its threads and saves nothing.
import { eq } from 'drizzle-orm';
import { jobs, simulationRuns } from '../../db/schema';
import { ApiError } from '../../errors';
import { requireRunning } from '../cancel';
import type { JobContext, JobHandler } from '../types';
import { simulateInThreads } from '../../simulation/simulateInThreads';
import { SimError } from '../../../workers/sim/errors';
import type { SimulationOutput } from '../../../workers/sim/run';

/** What the route queues: the document and what the screen keeps with a saved run. */
export type SimulateRunParams = {
  document: Record<string, unknown>;
  name: string;
  /** The saved run's settings column: { settings, processes }, as the screen writes it (src/features/simulation/savedRuns.ts). */
  settings: Record<string, unknown>;
};

const CANCEL_POLL_MS = 1_000;

/** Aborts when the job's row is no longer running (cancelled), checked every second until stopped. */
function watchCancel(ctx: JobContext): { signal: AbortSignal; stop(): void } {
  const controller = new AbortController();
  const timer = setInterval(() => {
    void ctx.db
      .select({ status: jobs.status })
      .from(jobs)
      .where(eq(jobs.id, ctx.jobId))
      .then(([row]) => row?.status !== 'running' && controller.abort())
      .catch((err: unknown) => ctx.log.warn({ err, jobId: ctx.jobId }, 'could not check whether the run was cancelled'));
  }, CANCEL_POLL_MS);
  return { signal: controller.signal, stop: () => clearInterval(timer) };
}

async function simulateDocument(ctx: JobContext, document: unknown): Promise<SimulationOutput> {
  const cancel = watchCancel(ctx);
  try {
    return await simulateInThreads(
      document,
      (p) => void ctx.progress(1 + 97 * p.fraction, `${p.replicationsDone} of ${p.replications} replications`),
      cancel.signal,
    );
  } catch (error) {
    // The route checked the document; a refusal now is a document changed on its way, said in the engine's words.
    if (error instanceof SimError && error.code !== 'cancelled')
      throw new ApiError(422, 'simulation_refused', `The simulation could not run: ${error.message}`);
    throw error;
  } finally {
    cancel.stop();
  }
}

export const simulateRunJob: JobHandler = async (ctx) => {
  const params = ctx.params as SimulateRunParams;
  await ctx.progress(1, 'Starting the simulation threads');
  const output = await simulateDocument(ctx, params.document);
  await ctx.progress(99, 'Saving the run');
  // Only while the job still runs: a run cancelled meanwhile is not saved.
  const run = await ctx.db.transaction(async (tx) => {
    await requireRunning(tx, ctx.jobId);
    const [row] = await tx
      .insert(simulationRuns)
      .values({ scenario_id: ctx.scenarioId, name: params.name, settings: params.settings, document: params.document, results: { output } })
      .returning({ id: simulationRuns.id });
    return row;
  });
  return { run_id: run.id, replications: output.replications, passengers: output.kind === 'airport' ? output.passengers : null };
};
