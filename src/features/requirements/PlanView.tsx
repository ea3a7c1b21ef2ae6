// The facility requirements plan: position-hours per kind against the current plan, the summary
// table and the whole plan as files, then one card per group with its chart and periods.
import { memo, useMemo, useState } from 'react';
import { ResultTable } from '../simulation/ResultTable';
import { GroupCard } from './GroupCard';
import { hoursByKind, planGroups, POSITION_NAMES, savedOrAdded, type AirportSizingOutput } from './model/plan';
import { planTable, summaryTable } from './model/planTables';
import { runWords } from './model/verification';
import { downloadCsv, downloadXlsx } from '../simulation/tableExport';

type PlanViewProps = { plan: AirportSizingOutput; title: string; targetsLine: string; filePrefix: string };

export const PlanView = memo(function PlanView({ plan, title, targetsLine, filePrefix }: PlanViewProps) {
  const groups = useMemo(() => planGroups(plan), [plan]);
  const summary = useMemo(() => summaryTable(plan), [plan]);
  const whole = useMemo(() => planTable(plan), [plan]);
  const [error, setError] = useState<string | null>(null);
  const xlsx = () => {
    setError(null);
    downloadXlsx(whole, filePrefix).catch((caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)));
  };
  return (
    <section className="req-plan" aria-label="Requirements plan">
      <div className="card">
        <div className="chart-figure__header">
          <div>
            <h2 className="card__title">{title}</h2>
            <p className="muted">
              {targetsLine} {runWords(plan)}
            </p>
          </div>
          <div className="chart-figure__actions">
            <button type="button" className="button button--small" onClick={() => downloadCsv(whole, filePrefix)}>
              Plan as CSV
            </button>
            <button type="button" className="button button--small" onClick={xlsx}>
              Plan as XLSX
            </button>
          </div>
        </div>
        <ul className="req-totals" aria-label="Position-hours">
          {hoursByKind(plan).map(({ kind, hours, currentHours }) => (
            <li key={kind}>
              <span className="req-totals__value">{hours.toLocaleString('en-US')}</span> {POSITION_NAMES[kind].hours.toLowerCase()}
              <span className="muted"> against {currentHours.toLocaleString('en-US')} in the current plan: </span>
              <strong className={hours <= currentHours ? 'req-saved' : 'req-added'}>{savedOrAdded(hours, currentHours, kind)}</strong>
            </li>
          ))}
        </ul>
        {error && (
          <p className="notice notice--error" role="alert">
            {error}
          </p>
        )}
        <ResultTable table={summary} filePrefix={filePrefix} caption="Side by side with the current plan (its allocations and lanes) at the same targets." />
      </div>
      {groups.map((g) => (
        <GroupCard key={g.id} group={g} originMinute={plan.origin_minute} filePrefix={filePrefix} />
      ))}
    </section>
  );
});
