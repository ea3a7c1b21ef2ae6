// Choosing the design day: a named rule (each explained beside it) or the day picked on the chart;
// asks first, since the chosen day's flights replace the scenario's.
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormStatus } from '../../components/FormStatus';
import { TextField } from '../../components/TextField';
import { useAsyncAction } from '../../components/useAsyncAction';
import type { DesignDayRule } from '../../../workers/schedule/season';
import { chooseDesignDay, type DesignDayAnswer, type Season } from './seasonApi';

type Rule = DesignDayRule | 'picked';

const RULES: { rule: Rule; label: string; words: string }[] = [
  {
    rule: 'busiest',
    label: 'Busiest day',
    words: 'The day with the most departures (ties: more seats, then the earlier date). Designs for the absolute peak.',
  },
  {
    rule: 'nth-busiest',
    label: 'Nth busiest day',
    words: 'The Nth day of the ranking; 30 is a common choice. The design is exceeded on N − 1 days of the season.',
  },
  {
    rule: 'peak-month-average',
    label: 'Average day of the peak month',
    words: "In the month with the most departures, the day closest to that month's mean (the FAA's peak month average day).",
  },
  {
    rule: 'average-week-peak',
    label: 'Peak day of the average week',
    words: 'The weekday with the highest average departures; of its dates, the one closest to that average (US practice).',
  },
  { rule: 'picked', label: 'Day picked on the chart', words: 'The day you clicked on the chart.' },
];

type DesignDayPanelProps = {
  season: Season;
  scenarioId: number;
  canEdit: boolean;
  picked: string | null;
  flights: number;
  onApplied: (answer: DesignDayAnswer) => void;
};

export function DesignDayPanel({ season, scenarioId, canEdit, picked, flights, onApplied }: DesignDayPanelProps) {
  const [rule, setRule] = useState<Rule>('nth-busiest');
  const [n, setN] = useState('30');
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const { busy, error, run } = useAsyncAction();
  const chosen = RULES.find((r) => r.rule === rule)!;
  const apply = () =>
    void run(async () => {
      setDone(null);
      const answer = await chooseDesignDay(scenarioId, {
        file_id: season.file_id,
        rule,
        ...(rule === 'nth-busiest' && { n: Number(n) }),
        ...(rule === 'picked' && picked && { date: picked }),
      });
      setDone(
        `${answer.date} is the design day now: ${answer.imported} flights imported (${answer.why}). Apply the import rules and generate segregations on the Flights screen.`,
      );
      onApplied(answer);
    });
  return (
    <section className="card" aria-label="Design day">
      <h2 className="card__title">Choose the design day</h2>
      <div className="field-row">
        <div className="field">
          <label htmlFor="design-day-rule">Rule</label>
          <select id="design-day-rule" className="select" value={rule} onChange={(e) => setRule(e.target.value as Rule)} disabled={!canEdit || busy}>
            {RULES.map((r) => (
              <option key={r.rule} value={r.rule}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
        {rule === 'nth-busiest' && (
          <TextField label="N" type="number" min={1} max={season.days.length} value={n} onChange={(e) => setN(e.target.value)} disabled={!canEdit || busy} />
        )}
      </div>
      <p className="field__hint">
        {rule === 'picked' ? (picked ? `The day picked on the chart: ${picked}.` : 'Click a day on the chart first.') : chosen.words}
      </p>
      <FormStatus error={error ? error.detail || Object.values(error.fields).flat().join(' ') : null} success={done} />
      <div className="actions">
        <button type="button" className="button button--primary" disabled={!canEdit || busy || (rule === 'picked' && !picked)} onClick={() => setAsking(true)}>
          Make it the design day
        </button>
      </div>
      {asking && (
        <ConfirmDialog title="Replace the scenario's flights?" confirmLabel="Make it the design day" onConfirm={apply} onClose={() => setAsking(false)}>
          <p>
            The scenario's {flights} flights are replaced by the chosen day's flights from {season.name}; their allocations and segregations go with them. The
            scenario records the rule and why.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
