// Two plans side by side, per group: when the second needs more or fewer positions ("+4 lanes
// 07:00-09:00") and the position-hours between them.
import { memo, useMemo } from 'react';
import { comparePlans, describeRange } from './model/planDiff';
import { POSITION_NAMES, type AirportSizingOutput } from './model/plan';

type PlanCompareViewProps = { first: { plan: AirportSizingOutput; label: string }; second: { plan: AirportSizingOutput; label: string }; onClose: () => void };

const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '\u2212' : ''}${Math.abs(Math.round(n * 10) / 10).toLocaleString('en-US')}`;

export const PlanCompareView = memo(function PlanCompareView({ first, second, onClose }: PlanCompareViewProps) {
  const differences = useMemo(() => comparePlans(first.plan, second.plan), [first.plan, second.plan]);
  return (
    <section className="card req-compare" aria-label="Plan comparison">
      <div className="chart-figure__header">
        <h2 className="card__title">
          {second.label} against {first.label}
        </h2>
        <button type="button" className="button button--small" onClick={onClose}>
          Close comparison
        </button>
      </div>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Group</th>
            <th scope="col">Positions per period (second against first)</th>
            <th scope="col" className="sim-table__number">
              Position-hours
            </th>
          </tr>
        </thead>
        <tbody>
          {differences.map((d) => (
            <tr key={d.id}>
              <td>{d.label}</td>
              <td>
                {d.only === 'first' && <em>Only in {first.label}. </em>}
                {d.only === 'second' && <em>Only in {second.label}. </em>}
                {d.ranges.length === 0 ? 'Same positions in every period' : d.ranges.map((r) => describeRange(r, d.kind)).join(', ')}
              </td>
              <td className="sim-table__number">
                {signed(d.hours)} {POSITION_NAMES[d.kind].hours.toLowerCase()}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
});
