// The make-up allocations as a table under the Gantt, for times typed to the minute rather than
// dragged: each allocation's opening and closing time (HH:MM, "+1" the next day, as the Gantt
// window reads) and its lock. A save is made against the allocation as shown (If-Match), so a bar
// another planner moved meanwhile is refused with their times shown and who moved it; the server's
// make-up rule window refusals land under the time they name.
import { memo, useCallback, useMemo, useState } from 'react';
import { unlessChanged } from '../../api/errors';
import type { ColumnSpec } from '../../components/cellCodecs';
import { EditableTable } from '../../components/EditableTable';
import { changedIn } from '../../live/lastChange';
import { dayClock } from '../../../workers/report/time';
import { formatMinutes, parseMinutes } from '../../charts/timeFormat';
import { saveMakeupAllocation, type BaggageAllocation, type PlanningData } from './allocationApi';
import type { GanttModel } from './model/ganttModel';

/** Rows shown at most; the search narrows the rest down. */
const SHOWN = 100;

const TIME_HELP = 'Local time of the design day, HH:MM; +1 for the next day, -1 for the evening before.';
const COLUMNS: ColumnSpec[] = [
  { key: 'what', label: 'Flight and segregation', kind: 'text', readOnly: true },
  { key: 'where', label: 'Make-up position', kind: 'text', readOnly: true },
  { key: 'start', label: 'Opens', kind: 'text', width: '7rem', help: TIME_HELP },
  { key: 'end', label: 'Closes', kind: 'text', width: '7rem', help: TIME_HELP },
  { key: 'bags', label: 'Bags', kind: 'integer', readOnly: true, width: '5rem' },
  { key: 'locked', label: 'Locked', kind: 'boolean', width: '5rem', help: 'Kept where it is by the allocation jobs' },
];

type TimesRow = { id: number; allocation: BaggageAllocation; what: string; where: string; start: string; end: string; bags: number; locked: boolean };

/** The table's rows: the Gantt's placed bars with their allocation, by opening time. */
function timesRows(data: PlanningData, model: GanttModel): TimesRow[] {
  const allocations = new Map(data.baggage.map((a) => [a.id, a]));
  return model.bars
    .filter((bar) => allocations.has(bar.id))
    .sort((a, b) => a.start - b.start || a.label.localeCompare(b.label))
    .map((bar) => {
      const allocation = allocations.get(bar.id)!;
      const lane = model.lanes[bar.lane];
      return {
        id: bar.id,
        allocation,
        what: bar.label,
        where: lane ? `${lane.resourceName} ${lane.label}` : `#${allocation.resource_id}`,
        start: formatMinutes(bar.start),
        end: formatMinutes(bar.end),
        bags: allocation.bags,
        locked: allocation.locked,
      };
    });
}

/** Whole-row rules: both times readable, closing after opening. */
function checkTimes(values: Record<string, unknown>): Record<string, string> {
  const [start, end] = [parseMinutes(String(values.start)), parseMinutes(String(values.end))];
  const problems: Record<string, string> = {};
  if (start === null) problems.start = 'Enter a time as HH:MM (+1 for the next day).';
  if (end === null) problems.end = 'Enter a time as HH:MM (+1 for the next day).';
  else if (start !== null && end <= start) problems.end = 'Must be after the opening time.';
  return problems;
}

type AllocationTimesTableProps = {
  data: PlanningData;
  model: GanttModel;
  canEdit: boolean;
  /** Shows a saved allocation, or one as another planner left it. */
  onShow: (allocation: BaggageAllocation) => void;
  onDrafting: (drafting: boolean) => void;
};

export const AllocationTimesTable = memo(function AllocationTimesTable({ data, model, canEdit, onShow, onDrafting }: AllocationTimesTableProps) {
  const [query, setQuery] = useState('');
  const all = useMemo(() => timesRows(data, model), [data, model]);
  const matching = useMemo(() => all.filter((row) => row.what.toLowerCase().includes(query.trim().toLowerCase())), [all, query]);
  const words = useMemo(() => changedIn(data.scenarioId, 'baggage_allocations'), [data.scenarioId]);
  const { designDate, timeZone } = data.day;

  const onUpdate = useCallback(
    async (row: TimesRow, values: Record<string, unknown>) => {
      const { toIso } = dayClock(designDate, timeZone);
      const patch = { start: toIso(parseMinutes(String(values.start))!), end: toIso(parseMinutes(String(values.end))!), locked: Boolean(values.locked) };
      onShow(await unlessChanged(saveMakeupAllocation(row.allocation, patch), onShow, words));
    },
    [designDate, timeZone, onShow, words],
  );

  return (
    <section className="card" aria-labelledby="allocation-times-heading">
      <div className="card__header">
        <h2 id="allocation-times-heading" className="card__title">
          Allocation times
        </h2>
        <span className="inline-field gantt__find">
          <input type="search" aria-label="Find a flight in the table" placeholder="Find flight" value={query} onChange={(e) => setQuery(e.target.value)} />
        </span>
      </div>
      <p className="muted">
        {matching.length > SHOWN ? `The first ${SHOWN} of ${matching.length} by opening time: find a flight to see others. ` : ''}Times in {timeZone}.
      </p>
      <EditableTable
        label="Allocation times"
        columns={COLUMNS}
        rows={matching.slice(0, SHOWN)}
        rowName={(row) => `${row.what}, ${row.where}`}
        canEdit={() => canEdit}
        canDelete={() => false}
        validate={checkTimes}
        onUpdate={onUpdate}
        onDrafting={onDrafting}
        emptyText="No allocation matches."
      />
    </section>
  );
});
