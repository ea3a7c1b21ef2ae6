// A group's facts beside its title: the peak, position-hours beside the current plan, how the plan
// was verified, the periods verification could not call met (flagged, so a plan too close to
// call is never read as meeting the target) and whether it is proven minimal (never while a
// period is undecided).
import { POSITION_NAMES, savedOrAdded, type PlanGroup } from './model/plan';
import { isVerified, provenMinimal, unmetWords, verdictCounts, verifiedWords } from './model/verification';

export function GroupFacts({ group }: { group: PlanGroup }) {
  const { station } = group;
  const names = POSITION_NAMES[station.kind];
  const unmet = isVerified(station) ? unmetWords(verdictCounts(station)) : '';
  return (
    <ul className="req-group__facts">
      <li>
        Peak <strong>{station.peak}</strong> of {station.capacity} {names.many}
      </li>
      <li>
        <strong>{group.hours.toLocaleString('en-US')}</strong> {names.hours.toLowerCase()} (current plan {group.currentHours.toLocaleString('en-US')})
      </li>
      <li className={group.hours <= group.currentHours ? 'req-saved' : 'req-added'}>{savedOrAdded(group.hours, group.currentHours, station.kind)}</li>
      <li>{verifiedWords(station)}</li>
      {unmet && <li className="req-flagged">{unmet}</li>}
      <li>{provenMinimal(station) ? 'Locally minimal' : 'Not proven minimal'}</li>
    </ul>
  );
}
