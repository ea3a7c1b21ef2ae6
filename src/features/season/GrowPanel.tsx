// Growing the design day into a new scenario: an overall factor, factors by airline, the year and
// the seed; the answer says what was added and opens the new scenario.
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

const REGIONS = ['domestic', 'schengen', 'international'];

/** "international=1.4, domestic 1.1" to factors by region; null for anything else. */
export function parseRegions(text: string): Record<string, number> | null {
  const factors: Record<string, number> = {};
  for (const part of text
    .split(/[,;]/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([a-z]+)\s*[=:\s]\s*([0-9.]+)$/i.exec(part);
    if (!match || !REGIONS.includes(match[1].toLowerCase())) return null;
    factors[match[1].toLowerCase()] = Number(match[2]);
  }
  return factors;
}

type GrowPanelProps = { selection: ScenarioSelection; canEdit: boolean };

export function GrowPanel({ selection, canEdit }: GrowPanelProps) {
  const [name, setName] = useState(`${selection.scenarioName} grown`);
  const [year, setYear] = useState('');
  const [factor, setFactor] = useState('1.25');
  const [airlines, setAirlines] = useState('');
  const [seed, setSeed] = useState('1');
  const [loadFactor, setLoadFactor] = useState('');
  const [regions, setRegions] = useState('');
  const [gauge, setGauge] = useState('');
  const [grown, setGrown] = useState<(GrowthAnswer & { name: string }) | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, error, run } = useAsyncAction();
  const selectScenario = useSetAtom(selectScenarioAtom);
  const [, navigate] = useLocation();

  const grow = () => {
    const airlineFactors = parsePairs(airlines);
    const upgauge = parsePairs(gauge);
    const regionFactors = parseRegions(regions);
    setProblem(
      !airlineFactors
        ? 'Factors by airline: write them as CODE=FACTOR, separated by commas (e.g. B6=1.4, AA=1.1).'
        : !upgauge
          ? 'Up-gauge: write it as TYPE=TYPE, separated by commas (e.g. 320=321).'
          : !regionFactors
            ? 'Factors by region: write them as domestic=F, schengen=F or international=F, separated by commas.'
            : null,
    );
    if (!airlineFactors || !upgauge || !regionFactors) return;
    void run(async () => {
      const answer = await growDesignDay(selection.scenarioId, {
        name,
        year: year ? Number(year) : null,
        factor: Number(factor),
        airline_factors: numbers(airlineFactors),
        region_factors: regionFactors,
        seed: Number(seed),
        ...(loadFactor && { load_factor: Number(loadFactor) }),
        ...(Object.keys(upgauge).length && { upgauge }),
      });
      setGrown({ ...answer, name });
    });
  };
  const added = grown && Object.entries(grown.added_by_airline).filter(([, n]) => n > 0);
  return (
    <section className="card" aria-label="Grow the design day">
      <h2 className="card__title">Grow the design day into a new scenario</h2>
      <p className="field__hint">
        Each airline's departures become round(count × factor), every flight kept; new flights repeat the airline's own departures in the gaps of its day
        (docs/schedule-studies.md). The same seed gives the same day.
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
          min="1"
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
          label="Factors by region (sector)"
          placeholder="e.g. international=1.4"
          value={regions}
          onChange={(e) => setRegions(e.target.value)}
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
          `${grown.name} created: ${grown.new_flights.length} flights added${added!.length ? ` (${added!.map(([c, n]) => `${c} ${n}`).join(', ')})` : ''}${grown.upgauged_flights ? `; ${grown.upgauged_flights} flights up-gauged` : ''}.`
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
