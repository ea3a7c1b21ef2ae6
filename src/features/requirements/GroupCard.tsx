// One group of the plan (a check-in queue group, bag-drop or kiosk group, or a checkpoint), closed
// to one line with its facts (GroupFacts) until asked for: then the engine's notes, its positions
// per period as steps against the current plan and what the terminal has, and the table per
// period with each period's verdict. Closed, it draws nothing, so a plan of many groups shows its
// overview at once.
import { memo, useMemo } from 'react';
import { ChartFigure } from '../../charts/ChartFigure';
import { TimeSeriesChart } from '../../charts/TimeSeriesChart';
import { ResultTable } from '../simulation/ResultTable';
import { activePeriods, periodStart, POSITION_NAMES, type PlanGroup } from './model/plan';
import { groupPeriodTable } from './model/planTables';
import { verificationCaption } from './model/verification';
import { GroupFacts } from './GroupFacts';
import { GroupNotes } from './GroupNotes';
import { groupAnchor } from './GroupsTable';
import { planSeries } from './ProcessCharts';

type GroupCardProps = { group: PlanGroup; originMinute: number; filePrefix: string; open: boolean; onToggle: (id: string, open: boolean) => void };

export const GroupCard = memo(function GroupCard({ group, originMinute, filePrefix, open, onToggle }: GroupCardProps) {
  return (
    <details className="card req-group" id={groupAnchor(group.id)} open={open} onToggle={(e) => onToggle(group.id, e.currentTarget.open)}>
      <summary className="req-group__header">
        <h3 className="card__title">{group.station.label}</h3>
        <GroupFacts group={group} />
      </summary>
      {open && <GroupDetail group={group} originMinute={originMinute} filePrefix={filePrefix} />}
    </details>
  );
});

function GroupDetail({ group, originMinute, filePrefix }: Omit<GroupCardProps, 'open' | 'onToggle'>) {
  const { station } = group;
  const names = POSITION_NAMES[station.kind];
  const series = useMemo(() => {
    const [from, to] = activePeriods(station.servers, station.current_servers);
    const start = periodStart(originMinute, station.period_minutes, from);
    return planSeries(start, station.period_minutes, station.servers.slice(from, to), station.current_servers.slice(from, to), station.capacity);
  }, [station, originMinute]);
  const table = useMemo(() => groupPeriodTable(group, originMinute), [group, originMinute]);
  return (
    <>
      <GroupNotes notes={station.notes} />
      <ChartFigure
        title={`${station.label}: ${names.many} open`}
        fileName={`${filePrefix} ${station.label} ${names.many}`}
        caption={verificationCaption(station)}
      >
        <TimeSeriesChart
          series={series}
          yLabel={`${names.many[0].toUpperCase()}${names.many.slice(1)} open`}
          height={220}
          yMax={Math.max(station.capacity, ...station.current_servers, ...station.servers) + 1}
        />
      </ChartFigure>
      <ResultTable table={table} filePrefix={filePrefix} />
    </>
  );
}
