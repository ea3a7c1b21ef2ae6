// How a History entry reads to a planner: "Changed 3 flights", "Added a make-up allocation",
// "Started a job: check-in allocation", from the table the database names and the operation.
import type { components } from '../../../openapi/schema';
import { jobName } from '../jobs/jobCalls';

export type HistoryEntry = components['schemas']['HistoryEntry'];

/** Each set's name in the planner's words: one, and several. */
const SET_NAMES: Record<string, [string, string]> = {
  flights: ['flight', 'flights'],
  baggage_allocations: ['make-up allocation', 'make-up allocations'],
  resource_allocations: ['check-in counter allocation', 'check-in counter allocations'],
  segregations: ['segregation', 'segregations'],
  passenger_movement_graphs: ['flow', 'flows'],
  flight_import_rules: ['flight import rule', 'flight import rules'],
  segregation_rules: ['segregation rule', 'segregation rules'],
  bags_per_allocation_rules: ['bags per allocation rule', 'bags per allocation rules'],
  airports: ['airport', 'airports'],
  terminals: ['terminal', 'terminals'],
  zones: ['zone', 'zones'],
  resources: ['resource', 'resources'],
  aircraft: ['aircraft', 'aircraft'],
  airlines: ['airline', 'airlines'],
  turnup_profiles: ['turn-up profile', 'turn-up profiles'],
  simulation_runs: ['saved simulation run', 'saved simulation runs'],
  sizing_plans: ['sizing plan', 'sizing plans'],
  flight_schedule_files: ['schedule file', 'schedule files'],
  jobs: ['job', 'jobs'],
  scenarios: ['scenario setting', 'scenario settings'],
};

const VERBS: Record<HistoryEntry['op'], string> = { insert: 'Added', update: 'Changed', delete: 'Deleted' };

/** The set's name for a filter: "Flights", "Make-up allocations". */
export function setLabel(set: string): string {
  const [, many] = SET_NAMES[set] ?? [set, set.replace(/_/g, ' ')];
  return many.charAt(0).toUpperCase() + many.slice(1);
}

/** What the entry did, in one phrase. */
export function describeEntry(entry: HistoryEntry): string {
  if (entry.set === 'jobs' && entry.op === 'insert') return `Started the job ${entry.job ? jobName(entry.job.kind) : `#${entry.ids[0]}`}`;
  const [one, many] = SET_NAMES[entry.set] ?? [entry.set.replace(/_/g, ' '), entry.set.replace(/_/g, ' ')];
  const what = entry.count === 1 ? `${/^[aeiou]/.test(one) ? 'an' : 'a'} ${one} (#${entry.ids[0]})` : `${entry.count.toLocaleString()} ${many}`;
  return `${VERBS[entry.op]} ${what}`;
}
