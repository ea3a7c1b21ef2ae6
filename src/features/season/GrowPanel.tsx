// Growing the design day into a new scenario: an overall factor, factors by airline, the year and
// the seed; the answer says what was added and removed, and opens the new scenario.
import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { useLocation } from 'wouter';
import { FormStatus } from '../../components/FormStatus';
import { TextField } from '../../components/TextField';
import { useAsyncAction } from '../../components/useAsyncAction';
import { selectScenarioAtom, type ScenarioSelection } from '../projects/scenarioSelection';
import { growDesignDay, type GrowthAnswer } from './seasonApi';

/** "B6=1.4, AA 1.1" to {B6: "1.4", AA: "1.1"}; null when a part is not CODE=VALUE. */
export function parsePairs(text: string): Record<string, string> | null {
  const pairs: Record<string, string> = {};
  for (const part of text
    .split(/[,;]/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z0-9]{2,3})\s*[=:\s]\s*([A-Za-z0-9.]+)$/.exec(part);
    if (!match) return null;
    pairs[match[1].toUpperCase()] = match[2].toUpperCase();
  }
  return pairs;
}

const numbers = (pairs: Record<string, string>) => Object.fromEntries(Object.entries(pairs).map(([k, v]) => [k, Number(v)]));

const SECTORS = ['domestic', 'schengen', 'international'];

/** "international=1.4, domestic 1.1" to factors by sector; null for anything else. */
export function parseSectors(text: string): Record<string, number> | null {
  const factors: Record<string, number> = {};
  for (const part of text
    .split(/[,;]/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([a-z]+)\s*[=:\s]\s*([0-9.]+)$/i.exec(part);
    if (!match || !SECTORS.includes(match[1].toLowerCase())) return null;
    factors[match[1].toLowerCase()] = Number(match[2]);
  }
  return factors;
}

/** " (B6 4, AA 1)": the airlines with a count, or nothing when none has one. */
function byAirline(counts: Record<string, number>): string {
  const some = Object.entries(counts).filter(([, n]) => n > 0);
  return some.length ? ` (${some.map(([code, n]) => `${code} ${n}`).join(', ')})` : '';
}

type GrowPanelProps = { selection: ScenarioSelection; canEdit: boolean };

export function GrowPanel({ selection, canEdit }: GrowPanelProps) {
  const [name, setName] = useState(`${selection.scenarioName} grown`);
  const [year, setYear] = useState('');
  const [factor, setFactor] = useState('1.25');
  const [airlines, setAirlines] = useState('');
  const [seed, setSeed] = useState('1');
  const [loadFactor, setLoadFactor] = useState('');
  const [sectors, setSectors] = useState('');
  const [gauge, setGauge] = useState('');
  const [grown, setGrown] = useState<(GrowthAnswer & { name: string }) | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, error, run } = useAsyncAction();
  const selectScenario = useSetAtom(selectScenarioAtom);
  const [, navigate] = useLocation();

  const grow = () => {
    const airlineFactors = parsePairs(airlines);
    const upgauge = parsePairs(gauge);
    const sectorFactors = parseSectors(sectors);
    setProblem(
      !airlineFactors
        ? 'Factors by airline: write them as CODE=FACTOR, separated by commas (e.g. B6=1.4, AA=1.1).'
        : !upgauge
          ? 'Up-gauge: write it as TYPE=TYPE, separated by commas (e.g. 320=321).'
          : !sectorFactors
            ? 'Factors by sector: write them as domestic=F, schengen=F or international=F, separated by commas.'
            : null,
    );
    if (!airlineFactors || !upgauge || !sectorFactors) return;
    void run(async () => {
      const answer = await growDesignDay(selection.scenarioId, {
        name,
        year: year ? Number(year) : null,
        factor: Number(factor),
        airline_factors: numbers(airlineFactors),
        sector_factors: sectorFactors,
        seed: Number(seed),
        ...(loadFactor && { load_factor: Number(loadFactor) }),
        ...(Object.keys(upgauge).length && { upgauge }),
      });
      setGrown({ ...answer, name });
    });
  };
  return (
    <section className="card" aria-label="Grow the design day">
      <h2 className="card__title">Grow the design day into a new scenario</h2>
      <p className="field__hint">
        Each airline's departures become round(count × factor). Above 1 every flight is kept and new flights repeat the airline's own departures in the gaps of
        its day; below 1 some of its flights go (0 removes the airline) (docs/schedule-studies.md). The same seed gives the same day.
      </p>
      <div className="field-row">
        <TextField label="New scenario" value={name} onChange={(e) => setName(e.target.value)} disabled={!canEdit || busy} />
        <TextField label="Year" type="number" value={year} onChange={(e) => setYear(e.target.value)} disabled={!canEdit || busy} />
      </div>
      <div className="field-row">
        <TextField
          label="Growth factor"
          type="number"
          step="0.05"
          min="0"
          value={factor}
          onChange={(e) => setFactor(e.target.value)}
          disabled={!canEdit || busy}
        />
        <TextField
          label="Factors by airline"
          placeholder="e.g. B6=1.4, AA=1.1"
          value={airlines}
          onChange={(e) => setAirlines(e.target.value)}
          disabled={!canEdit || busy}
        />
        <TextField label="Seed" type="number" value={seed} onChange={(e) => setSeed(e.target.value)} disabled={!canEdit || busy} />
      </div>
      <div className="field-row">
        <TextField
          label="Factors by sector"
          placeholder="e.g. international=1.4, domestic=0.9"
          value={sectors}
          onChange={(e) => setSectors(e.target.value)}
          disabled={!canEdit || busy}
        />
        <TextField
          label="Load factor of every flight"
          type="number"
          step="0.01"
          min="0.3"
          max="1"
          placeholder="unchanged"
          value={loadFactor}
          onChange={(e) => setLoadFactor(e.target.value)}
          disabled={!canEdit || busy}
        />
        <TextField
          label="Up-gauge (type A flies as type B)"
          placeholder="e.g. 320=321, 738=7M8"
          value={gauge}
          onChange={(e) => setGauge(e.target.value)}
          disabled={!canEdit || busy}
        />
      </div>
      <FormStatus
        error={
          problem ??
          (error
            ? error.detail ||
              Object.entries(error.fields)
                .map(([f, m]) => `${f}: ${m.join(' ')}`)
                .join(' ')
            : null)
        }
        success={
          grown &&
          `${grown.name} created: ${grown.new_flights.length} flights added${byAirline(grown.added_by_airline)}` +
            `${grown.removed_flights.length ? `, ${grown.removed_flights.length} removed${byAirline(grown.removed_by_airline)}` : ''}` +
            `${grown.upgauged_flights ? `; ${grown.upgauged_flights} flights up-gauged` : ''}.`
        }
      />
      <div className="actions">
        {grown && (
          <button
            type="button"
            className="button button--text"
            onClick={() => {
              selectScenario({ ...selection, scenarioId: grown.scenario_id, scenarioName: grown.name });
              navigate('/app/allocation/flight');
            }}
          >
            Open {grown.name}
          </button>
        )}
        <button type="button" className="button button--primary" disabled={!canEdit || busy || !name.trim()} onClick={grow}>
          Grow
        </button>
      </div>
    </section>
  );
}
