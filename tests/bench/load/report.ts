// The load benchmark's report: throughput, latency percentiles over all requests and by kind,
// the jobs run, errors and lost writes.
import type { Recorder } from './session';
import type { PlannerOutcome } from './planner';

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
}

function latencies(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const ms = (v: number) => v.toFixed(0).padStart(5);
  return `p50 ${ms(percentile(sorted, 50))}  p95 ${ms(percentile(sorted, 95))}  p99 ${ms(percentile(sorted, 99))}  max ${ms(sorted.at(-1) ?? NaN)} ms`;
}

export type LoadReport = {
  planners: number;
  seconds: number;
  elapsedS: number;
  thinkMs: number;
  recorder: Recorder;
  outcomes: PlannerOutcome[];
  lost: string[];
  /** Edits to their events at the browsers: the time of each that came, how many never did. */
  live: { latencies: number[]; lost: number; processes: number };
};

export function printReport({ planners, seconds, elapsedS, thinkMs, recorder, outcomes, lost, live }: LoadReport): void {
  const all = recorder.all();
  const jobs = outcomes.flatMap((o) => o.jobs);
  const jobMs = jobs.map((j) => j.ms).sort((a, b) => a - b);
  const edits = outcomes.reduce((n, o) => n + o.acknowledged.size, 0);
  console.log(`\n${planners} planners for ${seconds} s (${elapsedS.toFixed(1)} s until the last round ended), pauses of about ${thinkMs} ms`);
  console.log(`requests     ${all.length}  (${(all.length / elapsedS).toFixed(1)}/s)`);
  console.log(`latency      ${latencies(all)}`);
  for (const [kind, values] of recorder.samples) console.log(`  ${kind.padEnd(14)} ${String(values.length).padStart(6)}  ${latencies(values)}`);
  const succeeded = jobs.filter((j) => j.status === 'succeeded').length;
  console.log(
    `jobs         ${jobs.length} run, ${succeeded} succeeded, start to end p50 ${(percentile(jobMs, 50) / 1000).toFixed(1)} s, max ${((jobMs.at(-1) ?? NaN) / 1000).toFixed(1)} s`,
  );
  console.log(`errors       ${recorder.errors.length}`);
  for (const e of recorder.errors.slice(0, 10)) console.log(`  ${e}`);
  console.log(`lost writes  ${lost.length} of ${edits} flights whose last acknowledged edit was read back`);
  for (const l of lost.slice(0, 10)) console.log(`  ${l}`);
  const across = live.processes > 1 ? `, on the other of ${live.processes} API processes` : '';
  console.log(`live events  ${live.latencies.length} arrived: each edit at two open browsers, the planner's own and a colleague's${across}`);
  console.log(`  edit to event ${latencies(live.latencies)}`);
  console.log(`lost events  ${live.lost}`);
}
