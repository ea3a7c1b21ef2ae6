// The season overview (/app/allocation/season): a season kept from a schedule file, day by day
// (departures, seats or passengers), the busiest days ranked with their peak hours, the design day
// chosen by a named rule, the peak hours of a day and the typical peak hour passengers, and the
// design day grown into a new scenario. Where the design day came from is said at the top.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'wouter';
import { ChartFigure } from '../../charts/ChartFigure';
import { LoadState } from '../../components/LoadState';
import { ScenarioRequired } from '../../components/ScenarioRequired';
import { useLoader } from '../../components/useLoader';
import { selectedScenarioAtom, type ScenarioSelection } from '../projects/scenarioSelection';
import { ResultTable } from '../simulation/ResultTable';
import { provenanceWords } from './model/provenanceWords';
import { DesignDayPanel } from './DesignDayPanel';
import { GrowPanel } from './GrowPanel';
import { SeasonChart, type SeasonMeasure } from './SeasonChart';
import { busiestDaysTable, groupPeaksTable, peakHoursTable } from './model/seasonTables';
import { loadDesignDayPeaks, loadSeason, loadSeasonFiles, type Season } from './seasonApi';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';

const TITLE = 'Season overview';

export default function SeasonScreen() {
  const selected = useAtomValue(selectedScenarioAtom);
  if (!selected) return <ScenarioRequired title={TITLE} what="study its season" />;
  return <ScenarioSeason key={selected.scenarioId} selection={selected} />;
}

async function loadAll(selection: ScenarioSelection) {
  const [{ seasons, scenario }, project, flights] = await Promise.all([
    loadSeasonFiles(selection.scenarioId),
    unwrap(api.GET('/api/projects/{id}/', { params: { path: { id: selection.projectId } } })),
    unwrap(api.GET('/api/flights/', { params: { query: { scenario_id: selection.scenarioId } } })),
  ]);
  const [season, peaks] = await Promise.all([
    seasons.length ? loadSeason(seasons[seasons.length - 1].id) : null,
    flights.length ? loadDesignDayPeaks(selection.scenarioId) : null,
  ]);
  return { season, peaks, scenario, flights: flights.length, canEdit: project.role !== 'viewer' };
}

function ScenarioSeason({ selection }: { selection: ScenarioSelection }) {
  const loaded = useLoader(() => loadAll(selection), [selection.scenarioId, selection.projectId]);
  const [measure, setMeasure] = useState<SeasonMeasure>('departures');
  const [picked, setPicked] = useState<string | null>(null);
  const data = loaded.data;
  return (
    <section className="screen">
      <div className="screen__heading">
        <h1 className="screen__title">{TITLE}</h1>
        <Link href="/app/allocation/flight">Flights</Link>
      </div>
      <LoadState loading={loaded.loading} error={loaded.error} hasData={data !== undefined}>
        {data && (
          <>
            {provenanceWords(data.scenario.provenance).map((line) => (
              <p key={line} className="muted">
                {line}
              </p>
            ))}
            {data.season ? (
              <SeasonBody
                season={data.season}
                selection={selection}
                designDate={data.scenario.design_date}
                canEdit={data.canEdit}
                flights={data.flights}
                measure={measure}
                setMeasure={setMeasure}
                picked={picked}
                setPicked={setPicked}
                reload={loaded.reload}
              />
            ) : (
              <p className="empty-state">
                No season kept in this scenario yet. On the <Link href="/app/allocation/flight">Flights</Link> screen, Import schedule with “Keep as a season”
                to study a whole season's days.
              </p>
            )}
            {data.peaks && (
              <ResultTable
                table={groupPeaksTable(data.peaks)}
                filePrefix={selection.scenarioName}
                caption={`Busiest rolling 60 minutes, in 5-minute steps, ${data.peaks.time_zone} time.`}
                tall
              />
            )}
            {data.flights > 0 && <GrowPanel selection={selection} canEdit={data.canEdit} />}
          </>
        )}
      </LoadState>
    </section>
  );
}

type SeasonBodyProps = {
  season: Season;
  selection: ScenarioSelection;
  designDate: string | null;
  canEdit: boolean;
  flights: number;
  measure: SeasonMeasure;
  setMeasure: (m: SeasonMeasure) => void;
  picked: string | null;
  setPicked: (date: string) => void;
  reload: () => Promise<void>;
};

function SeasonBody({ season, selection, designDate, canEdit, flights, measure, setMeasure, picked, setPicked, reload }: SeasonBodyProps) {
  const shown = picked ?? (designDate && season.days.some((d) => d.date === designDate) ? designDate : null);
  const peaks = shown ? peakHoursTable(season, shown) : null;
  const prefix = `${selection.scenarioName} ${season.name}`;
  return (
    <>
      <p className="muted">
        {season.name}: {season.days.length} days from {season.period.from} to {season.period.to}, departures at {season.airport} in {season.time_zone} time.
      </p>
      <ChartFigure
        title={`${season.name}: ${measure} per day`}
        caption="The design day in pink; click a day to look at its peak hours (orange)."
        fileName={`${prefix} ${measure}`}
        controls={
          <select className="select select--small" aria-label="Measure" value={measure} onChange={(e) => setMeasure(e.target.value as SeasonMeasure)}>
            <option value="departures">Departures</option>
            <option value="seats">Seats</option>
            <option value="passengers">Passengers</option>
          </select>
        }
      >
        <SeasonChart days={season.days} measure={measure} designDate={designDate} picked={picked} onPick={setPicked} />
      </ChartFigure>
      <DesignDayPanel season={season} scenarioId={selection.scenarioId} canEdit={canEdit} picked={picked} flights={flights} onApplied={() => void reload()} />
      {peaks && <ResultTable table={peaks} filePrefix={prefix} caption={season.tphp.rule} />}
      <ResultTable table={busiestDaysTable(season.days, 30)} filePrefix={prefix} caption="Ranked by departures; ties by seats, then the earlier date." tall />
    </>
  );
}
