// What applying the import rules would overwrite on the flights, in the planner's words. It
// removes nothing, but a value typed on an unlocked flight is replaced by the rule's, so the
// screen asks whenever any flight would change. (A flight edited in the grid is locked.)
import type { components } from '../../../openapi/schema';
import { plural } from '../jobs/plural';

export type ImportRulesPreview = components['schemas']['ImportRulesPreview'];

const FIELD_NAMES: Record<keyof ImportRulesPreview['fields_changed'], string> = {
  terminal_id: 'terminal',
  zone_id: 'check-in zone',
  makeup_zone_id: 'make-up zone',
  load_factor: 'load factor',
  turnup_profile_id: 'turn-up profile',
  sector: 'sector',
};

/** The lines to confirm, or null when no flight would change. */
export function describeImportRuleChanges(p: ImportRulesPreview): string[] | null {
  if (p.flights_changed === 0) return null;
  const one = p.flights_changed === 1;
  const fields = (Object.keys(FIELD_NAMES) as Array<keyof typeof FIELD_NAMES>)
    .filter((f) => p.fields_changed[f] > 0)
    .map((f) => (one ? FIELD_NAMES[f] : `${FIELD_NAMES[f]} on ${p.fields_changed[f]}`));
  const kept = p.locked_flights_kept;
  return [
    `${plural(p.flights_changed, 'flight')} of ${p.flights} ${one ? 'gets' : 'get'} new values from the rules: ${fields.join(', ')}.`,
    ...(kept ? [`${plural(kept, 'locked flight')} ${kept === 1 ? 'keeps its' : 'keep their'} own values.`] : []),
    `A value set on ${one ? 'that flight' : 'those flights'} by hand is overwritten; lock a flight to keep it. Allocations, locked or not, stay as they are.`,
  ];
}
