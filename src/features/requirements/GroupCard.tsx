// One group of the plan (a check-in queue group, bag-drop or kiosk group, or a checkpoint): its
// facts (GroupFacts), the engine's notes, its positions per period as steps against the current
// plan and what the terminal has, and the table per period with each period's verdict.
import { memo, useMemo } from 'react';
import { ChartFigure } from '../../charts/ChartFigure';
import { TimeSeriesChart, type TimeSeries } from '../../charts/TimeSeriesChart';
import { ResultTable } from '../simulation/ResultTable';
import { activePeriods, periodStart, POSITION_NAMES, stepPoints, type PlanGroup } from './model/plan';
import { groupPeriodTable } from './model/planTables';
import { verificationCaption } from './model/verification';
import { GroupFacts } from './GroupFacts';
import { GroupNotes } from './GroupNotes';

type GroupCardProps = { group: PlanGroup; originMinute: number; filePrefix: string };

const COLOURS = { plan: '#1f6feb', current: '#8a8f98', capacity: '#d1242f' };

export const GroupCard = memo(function GroupCard({ group, originMinute, filePrefix }: GroupCardProps) {
  const { station } = group;
  const names = POSITION_NAMES[station.kind];
  const series = useMemo((): TimeSeries[] => {
    const [from, to] = activePeriods(station.servers, station.current_servers);
    const start = periodStart(originMinute, station.period_minutes, from);
    const steps = (values: readonly number[]) => stepPoints(values.slice(from, to), start, station.period_minutes);
    return [
      { id: 'plan', label: 'Sized plan', colour: COLOURS.plan, points: steps(station.servers) },
      { id: 'current', label: 'Current plan', colour: COLOURS.current, dashed: true, points: steps(station.current_servers) },
      { id: 'capacity', label: 'Terminal has', colour: COLOURS.capacity, dashed: true, points: steps(new Array<number>(to).fill(station.capacity)) },
    ];
  }, [station, originMinute]);
  const table = useMemo(() => groupPeriodTable(group, originMinute), [group, originMinute]);
  const title = `${station.label}: ${names.many} open`;

  return (
    <article className="card req-group" aria-label={station.label}>
      <header className="req-group__header">
        <h3 className="card__title">{station.label}</h3>
        <GroupFacts group={group} />
      </header>
      <GroupNotes notes={station.notes} />
      <ChartFigure title={title} fileName={`${filePrefix} ${station.label} ${names.many}`} caption={verificationCaption(station)}>
        <TimeSeriesChart
          series={series}
          yLabel={`${names.many[0].toUpperCase()}${names.many.slice(1)} open`}
          height={220}
          yMax={Math.max(station.capacity, ...station.current_servers, ...station.servers) + 1}
        />
      </ChartFigure>
      <ResultTable table={table} filePrefix={filePrefix} />
    </article>
  );
});
