// What a make-up or check-in allocation run would replace, in the planner's words (the screen
// asks before it replaces anything), and how the allocations stand now, whatever the last run's
// result said: bars moved, locked, deleted or removed with their segregations since then show.
import type { components } from '../../../../openapi/schema';
import { plural } from '../../jobs/plural';

export type MakeupPreview = components['schemas']['MakeupPreview'];
export type CheckinPreview = components['schemas']['CheckinPreview'];

const isAre = (n: number) => (n === 1 ? 'is' : 'are');

/** The lines to confirm, or null when the run replaces nothing. */
export function describeMakeupRun(p: MakeupPreview): string[] | null {
  if (p.allocations_removed === 0) return null;
  const lines = [`The run replaces the ${plural(p.allocations_removed, 'unlocked allocation')} on the make-up Gantt with its answer.`];
  if (p.locked_allocations_kept > 0)
    lines.push(`${plural(p.locked_allocations_kept, 'locked allocation')} ${isAre(p.locked_allocations_kept)} kept as placed.`);
  return lines;
}

export function describeCheckinRun(p: CheckinPreview): string[] | null {
  if (p.allocations_removed === 0) return null;
  const lines = [`The run replaces the ${plural(p.allocations_removed, 'unlocked counter allocation')} on the check-in Gantt with its answer.`];
  if (p.locked_allocations_kept > 0) {
    const frozen = p.unlocked_allocations_kept > 0 ? `, with ${plural(p.unlocked_allocations_kept, 'other allocation')} of the airline windows they hold` : '';
    lines.push(`${plural(p.locked_allocations_kept, 'locked counter allocation')} ${isAre(p.locked_allocations_kept)} kept as placed${frozen}.`);
  }
  return lines;
}

export const describeMakeupNow = (p: MakeupPreview) =>
  `Now: ${plural(p.allocations, 'allocation')} (${p.locked_allocations_kept} locked) for ${p.segregations_placed} of ${plural(p.segregations, 'segregation')}.`;

export const describeSegregationsNow = (p: MakeupPreview) =>
  `Now: ${plural(p.segregations, 'segregation')}, ${p.segregations_placed} with a make-up allocation.`;

export const describeCheckinNow = (p: CheckinPreview) => `Now: ${plural(p.allocations, 'counter allocation')} (${p.locked_allocations_kept} locked).`;
