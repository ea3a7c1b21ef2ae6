// The baggage containers screen (/app/allocation/container): from the make-up allocation, the
// containers per flight and segregation by container type, the totals per hour of make-up close
// and per zone, and the bags flowing into make-up per 5 minutes.
import { useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'wouter';
import { NoScenarioSelected } from '../../components/ScenarioRequired';
import { LoadState } from '../../components/LoadState';
import { useLoader } from '../../components/useLoader';
import { selectedScenarioAtom } from '../projects/scenarioSelection';
import { clockLabel } from '../../../workers/report/time';
import { loadPlanningData, type PlanningData } from './allocationApi';
import { ChartFigure } from '../../charts/ChartFigure';
import { TimeSeriesChart, type TimeSeries } from '../../charts/TimeSeriesChart';
import { seriesColour } from '../../../workers/report/colours';
import { bagFlow, containerRows, containerTotals, type BagFlow, type ContainerRow, type HourTotals } from './model/containers';

const TITLE = 'Baggage containers';

export default function ContainersScreen() {
  const selected = useAtomValue(selectedScenarioAtom);
  return (
    <section className="screen screen--wide">
      <h1 className="screen__title">{TITLE}</h1>
      {selected ? (
        <ScenarioContainers key={selected.scenarioId} projectId={selected.projectId} scenarioId={selected.scenarioId} />
      ) : (
        <NoScenarioSelected what="see its containers" />
      )}
    </section>
  );
}

function ScenarioContainers({ projectId, scenarioId }: { projectId: number; scenarioId: number }) {
  const loaded = useLoader(() => loadPlanningData(projectId, scenarioId, { baggage: true }), [projectId, scenarioId]);
  return (
    <LoadState loading={loaded.loading} error={loaded.error} hasData={!!loaded.data}>
      {loaded.data && <ContainersView data={loaded.data} />}
    </LoadState>
  );
}

function ContainersView({ data }: { data: PlanningData }) {
  const rows = useMemo(() => containerRows({ ...data, allocations: data.baggage }), [data]);
  const totals = useMemo(() => containerTotals(rows), [rows]);
  const flow = useMemo(() => bagFlow({ ...data, allocations: data.baggage }), [data]);
  if (rows.length === 0) {
    return (
      <p className="empty-state">
        No baggage allocations yet: <Link href="/app/allocation/config">run the make-up allocation</Link> to count containers.
      </p>
    );
  }
  return (
    <>
      <ContainerStats rows={rows} totals={totals} />
      <NotPlacedNote unplaced={data.unplaced} />
      <div className="containers-flow">
        <ChartFigure
          title="Bags into make-up per 5 minutes"
          fileName="Bags into make-up per 5 minutes"
          caption={`Each position's bags spread evenly over its make-up window, one line per make-up zone; times in ${data.day.timeZone}.`}
        >
          <TimeSeriesChart series={flowSeries(flow)} yLabel={`Bags per ${flow.slotMinutes} minutes`} />
        </ChartFigure>
      </div>
      <div className="containers-grid">
        <PerHourCard totals={totals} />
        <PerFlightCard rows={rows} />
      </div>
    </>
  );
}

function ContainerStats({ rows, totals }: { rows: readonly ContainerRow[]; totals: HourTotals }) {
  return (
    <div className="stat-row" aria-label="Container totals">
      <div className="stat">
        <span className="stat__value">{totals.total}</span>
        <span className="stat__label">containers</span>
      </div>
      {totals.byType.map((t) => (
        <div className="stat" key={t.type}>
          <span className="stat__value">{t.containers}</span>
          <span className="stat__label">{t.type}</span>
        </div>
      ))}
      <div className="stat">
        <span className="stat__value">{rows.length}</span>
        <span className="stat__label">segregations</span>
      </div>
      <div className="stat">
        <span className="stat__value">{rows.reduce((n, r) => n + r.bags, 0)}</span>
        <span className="stat__label">bags</span>
      </div>
    </div>
  );
}

function PerHourCard({ totals }: { totals: HourTotals }) {
  return (
    <section className="card" aria-labelledby="per-hour-heading">
      <h2 id="per-hour-heading" className="card__title">
        Containers per hour of make-up close and zone
      </h2>
      <table className="data-table" aria-label="Containers per hour and zone">
        <thead>
          <tr>
            <th scope="col">Hour</th>
            {totals.zones.map((z) => (
              <th scope="col" key={z} className="num">
                {z}
              </th>
            ))}
            <th scope="col" className="num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {totals.hours.map((h) => (
            <tr key={h.hour}>
              <th scope="row">{h.label}</th>
              {h.byZone.map((n, i) => (
                <td key={totals.zones[i]} className="num">
                  {n}
                </td>
              ))}
              <td className="num">
                <strong>{h.total}</strong>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            {totals.byZone.map((n, i) => (
              <td key={totals.zones[i]} className="num">
                <strong>{n}</strong>
              </td>
            ))}
            <td className="num">
              <strong>{totals.total}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

function PerFlightCard({ rows }: { rows: readonly ContainerRow[] }) {
  return (
    <section className="card" aria-labelledby="per-flight-heading">
      <h2 id="per-flight-heading" className="card__title">
        Containers per flight and segregation
      </h2>
      <div className="data-table__scroll">
        <table className="data-table" aria-label="Containers per flight and segregation">
          <thead>
            <tr>
              <th scope="col">Flight</th>
              <th scope="col">STD</th>
              <th scope="col">Segregation</th>
              <th scope="col">Type</th>
              <th scope="col">Zone</th>
              <th scope="col" className="num">
                Positions
              </th>
              <th scope="col" className="num">
                Bags
              </th>
              <th scope="col" className="num">
                Containers
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <td>{r.flight}</td>
                <td>{clockLabel(r.std)}</td>
                <td>{r.segregation}</td>
                <td>{r.containerType}</td>
                <td>{r.zone}</td>
                <td className="num">{r.positions}</td>
                <td className="num">{r.bags}</td>
                <td className="num">{r.containers}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The totals count placed bags only: say how many are left out, and where to place them. */
function NotPlacedNote({ unplaced }: { unplaced: PlanningData['unplaced'] }) {
  if (unplaced.length === 0) return null;
  const bags = unplaced.reduce((n, u) => n + u.bags, 0);
  const containers = unplaced.reduce((n, u) => n + u.containers, 0);
  return (
    <p className="notice notice--warning">
      Not counted above: {unplaced.length} segregation{unplaced.length === 1 ? '' : 's'} with {bags} bags ({containers} container{containers === 1 ? '' : 's'})
      have no make-up position. <Link href="/app/allocation/makeup">Place them on the Make-up Gantt</Link>, whose top lanes hold them.
    </p>
  );
}

/** One line per make-up zone, as wide as the card (the chart follows its width) and exportable. */
function flowSeries(flow: BagFlow): TimeSeries[] {
  return flow.zones.map((zone, i) => ({
    id: zone,
    label: zone,
    colour: seriesColour(i),
    points: flow.series[i].map((v, k) => ({ x: flow.from + k * flow.slotMinutes, y: Math.round(v * 10) / 10, low: null, high: null })),
  }));
}
