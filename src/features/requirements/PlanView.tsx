// The facility requirements plan, overview first: position-hours per process against the current
// plan, a chart per process over the day, and the table of groups with their peaks, with the
// whole plan as files and a print of the overview for a report. Each group's detail (chart, notes,
// periods) follows, closed until asked for from its row or its own line.
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { GroupCard } from './GroupCard';
import { groupAnchor, GroupsTable } from './GroupsTable';
import { ProcessCharts } from './ProcessCharts';
import { hoursByKind, planGroups, POSITION_NAMES, savedOrAdded, type AirportSizingOutput } from './model/plan';
import { planTable, summaryTable } from './model/planTables';
import { runWords } from './model/verification';
import { useAtomValue } from 'jotai';
import { downloadScenarioTable } from '../season/exportNotes';
import { selectedScenarioAtom } from '../projects/scenarioSelection';
import type { Table } from '../simulation/model/tables';

type PlanViewProps = { plan: AirportSizingOutput; title: string; targetsLine: string; filePrefix: string };

export const PlanView = memo(function PlanView({ plan, title, targetsLine, filePrefix }: PlanViewProps) {
  const groups = useMemo(() => planGroups(plan), [plan]);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [shownFromTable, setShownFromTable] = useState<string | null>(null);
  const onToggle = useCallback((id: string, isOpen: boolean) => {
    setOpen((current) => {
      if (current.has(id) === isOpen) return current;
      const next = new Set(current);
      if (isOpen) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const showGroup = useCallback(
    (id: string) => {
      onToggle(id, true);
      setShownFromTable(id);
    },
    [onToggle],
  );
  // Brought into view once open and drawn.
  useEffect(() => {
    if (shownFromTable === null) return;
    document.getElementById(groupAnchor(shownFromTable))?.scrollIntoView({ block: 'start' });
    setShownFromTable(null);
  }, [shownFromTable]);

  return (
    <section className="req-plan" aria-label="Requirements plan">
      <section className="card req-overview" aria-label="Overview">
        <PlanHeader plan={plan} title={title} targetsLine={targetsLine} filePrefix={filePrefix} />
        <ul className="req-totals" aria-label="Position-hours">
          {hoursByKind(plan).map(({ kind, hours, currentHours }) => (
            <li key={kind}>
              <span className="req-totals__value">{hours.toLocaleString('en-US')}</span> {POSITION_NAMES[kind].hours.toLowerCase()}
              <span className="muted"> against {currentHours.toLocaleString('en-US')} in the current plan: </span>
              <strong className={hours <= currentHours ? 'req-saved' : 'req-added'}>{savedOrAdded(hours, currentHours, kind)}</strong>
            </li>
          ))}
        </ul>
        <ProcessCharts plan={plan} filePrefix={filePrefix} />
        <GroupsTable plan={plan} onShowGroup={showGroup} />
      </section>
      <h2 className="req-plan__groups-title">Groups in detail</h2>
      {groups.map((g) => (
        <GroupCard key={g.id} group={g} originMinute={plan.origin_minute} filePrefix={filePrefix} open={open.has(g.id)} onToggle={onToggle} />
      ))}
    </section>
  );
});

/** The plan's title, what it was sized to and how, and the plan as files or a print. */
function PlanHeader({ plan, title, targetsLine, filePrefix }: PlanViewProps) {
  const [error, setError] = useState<string | null>(null);
  const whole = useMemo(() => planTable(plan), [plan]);
  const scenarioId = useAtomValue(selectedScenarioAtom)?.scenarioId ?? null;
  // Each file says where the scenario's design day came from, as every table export does.
  const download = (table: Table, format: 'csv' | 'xlsx') => {
    setError(null);
    downloadScenarioTable(scenarioId, table, filePrefix, format).catch((caught: unknown) =>
      setError(caught instanceof Error ? caught.message : String(caught)),
    );
  };
  return (
    <>
      <div className="chart-figure__header">
        <div>
          <h2 className="card__title">{title}</h2>
          <p className="muted">
            {targetsLine} {runWords(plan)}
          </p>
        </div>
        <div className="chart-figure__actions req-plan__files">
          <button type="button" className="button button--small" onClick={() => download(summaryTable(plan), 'csv')}>
            Summary as CSV
          </button>
          <button type="button" className="button button--small" onClick={() => download(whole, 'csv')}>
            Plan as CSV
          </button>
          <button type="button" className="button button--small" onClick={() => download(whole, 'xlsx')}>
            Plan as XLSX
          </button>
          <button type="button" className="button button--small" onClick={() => window.print()}>
            Print overview
          </button>
        </div>
      </div>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
