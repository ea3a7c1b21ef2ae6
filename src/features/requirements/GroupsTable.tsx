// The overview's table of groups: each group's peak against what the terminal has, its
// position-hours against the current plan, and what verification says of it, one row each; a
// group's name opens its detail (chart, notes and periods) further down.
import { memo, useMemo } from 'react';
import { planGroups, POSITION_NAMES, savedOrAdded, type AirportSizingOutput } from './model/plan';
import { isVerified, provenMinimal, unmetWords, verdictCounts } from './model/verification';

/** The id of a group's detail on the page. */
export const groupAnchor = (id: string) => `req-group-${id.replace(/[^A-Za-z0-9_-]+/g, '-')}`;

type GroupsTableProps = { plan: AirportSizingOutput; onShowGroup: (id: string) => void };

export const GroupsTable = memo(function GroupsTable({ plan, onShowGroup }: GroupsTableProps) {
  const groups = useMemo(() => planGroups(plan), [plan]);
  return (
    <div className="data-table-wrap">
      <table className="data-table" aria-label="Groups">
        <thead>
          <tr>
            <th scope="col">Group</th>
            <th scope="col" className="num">
              Peak
            </th>
            <th scope="col" className="num">
              Terminal has
            </th>
            <th scope="col" className="num">
              Position-hours (current plan)
            </th>
            <th scope="col">Against the current plan</th>
            <th scope="col">Verification</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => {
            const { station } = group;
            const unmet = isVerified(station) ? unmetWords(verdictCounts(station)) : 'not verified';
            return (
              <tr key={group.id}>
                <th scope="row">
                  <a
                    href={`#${groupAnchor(group.id)}`}
                    className="link"
                    onClick={(event) => {
                      event.preventDefault();
                      onShowGroup(group.id);
                    }}
                  >
                    {station.label}
                  </a>
                </th>
                <td className="num">
                  {station.peak} {POSITION_NAMES[station.kind].many}
                </td>
                <td className="num">{station.capacity}</td>
                <td className="num">
                  {group.hours.toLocaleString('en-US')} ({group.currentHours.toLocaleString('en-US')})
                </td>
                <td className={group.hours <= group.currentHours ? 'req-saved' : 'req-added'}>{savedOrAdded(group.hours, group.currentHours, station.kind)}</td>
                <td>
                  {unmet ? <span className="req-flagged">{unmet}</span> : 'Met in every period'}
                  {provenMinimal(station) ? ', locally minimal' : ''}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
});
