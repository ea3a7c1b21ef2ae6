// What regenerating segregations would do to the make-up plan, in the planner's words, and
// whether it takes anything away (then the screen asks before it runs).
import type { components } from '../../../openapi/schema';
import { plural } from '../jobs/plural';

export type SegregationPreview = components['schemas']['SegregationPreview'];

/** True when running it would remove segregations or baggage allocations. */
export const losesWork = (p: SegregationPreview) => p.segregations_removed > 0 || p.allocations_removed > 0;

export function describeSegregationChanges(p: SegregationPreview): string[] {
  const gone = p.segregations_removed + p.locked_segregations_kept;
  const lines = [
    `${plural(gone, 'segregation')} the rules no longer make ${gone === 1 ? 'is' : 'are'} replaced; ` +
      `${p.allocations_removed === 1 ? 'its' : 'their'} ${plural(p.allocations_removed, 'baggage allocation')} will be removed.`,
  ];
  if (p.locked_allocations_kept > 0) {
    lines.push(
      `${plural(p.locked_allocations_kept, 'locked allocation')} ${p.locked_allocations_kept === 1 ? 'is' : 'are'} kept` +
        (p.locked_segregations_kept > 0 ? `, with ${plural(p.locked_segregations_kept, 'segregation')} the rules no longer make.` : '.'),
    );
  }
  const updated = p.segregations_updated > 0 ? ` ${plural(p.segregations_updated, 'segregation')} with new shares or bags keep their allocations.` : '';
  lines.push(`${plural(p.segregations_added, 'new segregation')}.${updated} ${plural(p.allocations_kept, 'allocation')} kept in all.`);
  return lines;
}
