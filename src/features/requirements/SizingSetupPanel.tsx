// The sizing's set-up: the simulation screen's level-of-service targets (shared with it), the
// share of passengers within target and the planning period, where to run (the server's workers
// by default, or quick in this browser), with a message under each field that needs a change.
import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { settingsAtom, updateSettingsAtom } from '../simulation/atoms';
import { PROCESSES, type Process } from '../../../common/scenario/documentSettings';
import { PROCESS_LABELS } from '../simulation/model/settings';
import { sizingSettingsAtom, updateSizingSettingsAtom, type SizingMode } from './atoms';
import { PERIOD_CHOICES, targetError, type SizingFieldErrors } from './model/sizingSettings';

type SizingSetupPanelProps = { errors: SizingFieldErrors; onTargetsValid: (valid: boolean) => void };

/** A number input that keeps what the planner typed (even when invalid) so the message can say why. */
function NumberInput({ label, value, error, step, onChange }: { label: string; value: number; error?: string; step?: number; onChange: (v: number) => void }) {
  const [text, setText] = useState(String(value));
  const id = `sizing-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div>
      <label className="sim-field" htmlFor={id}>
        <span>{label}</span>
        <input
          id={id}
          type="number"
          step={step}
          value={text}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            onChange(e.target.value.trim() === '' ? Number.NaN : Number(e.target.value));
          }}
        />
      </label>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

const MODES: Array<{ mode: SizingMode; label: string; hint: string }> = [
  { mode: 'server', label: "On the server's workers", hint: 'a job: it goes on if you leave this screen, and the plan is saved with the scenario' },
  { mode: 'browser', label: 'Quick, in this browser', hint: "this computer's cores; save the plan afterwards to keep it" },
];

export function SizingSetupPanel({ errors, onTargetsValid }: SizingSetupPanelProps) {
  // A target being typed that is not valid yet stays here: the simulation screen shares the targets.
  const [badTargets, setBadTargets] = useState<Partial<Record<Process, string>>>({});
  useEffect(() => onTargetsValid(Object.keys(badTargets).length === 0), [badTargets, onTargetsValid]);
  const simulation = useAtomValue(settingsAtom);
  const updateSimulation = useSetAtom(updateSettingsAtom);
  const sizing = useAtomValue(sizingSettingsAtom);
  const update = useSetAtom(updateSizingSettingsAtom);
  return (
    <section className="card sim-setup" aria-label="Sizing set-up">
      <div className="sim-setup__grid">
        <fieldset className="sim-fieldset">
          <legend>Level of service targets (minutes)</legend>
          {PROCESSES.map((p) => (
            <NumberInput
              key={p}
              label={PROCESS_LABELS[p]}
              value={simulation.losTargets[p]}
              error={badTargets[p]}
              onChange={(v) => {
                const error = targetError(v);
                setBadTargets(({ [p]: _, ...others }) => (error ? { ...others, [p]: error } : others));
                if (!error) updateSimulation({ losTargets: { ...simulation.losTargets, [p]: v } });
              }}
            />
          ))}
        </fieldset>
        <fieldset className="sim-fieldset">
          <legend>Sizing</legend>
          <NumberInput
            label="Share within target (%)"
            value={sizing.sharePercent}
            step={0.5}
            error={errors.sharePercent}
            onChange={(sharePercent) => update({ sharePercent })}
          />
          <label className="sim-field">
            <span>Planning period</span>
            <select value={sizing.periodMinutes} onChange={(e) => update({ periodMinutes: Number(e.target.value) })}>
              {PERIOD_CHOICES.map((m) => (
                <option key={m} value={m}>
                  {m} min
                </option>
              ))}
            </select>
          </label>
          {errors.periodMinutes && <p className="field__error">{errors.periodMinutes}</p>}
        </fieldset>
        <fieldset className="sim-fieldset req-modes">
          <legend>Run</legend>
          {MODES.map(({ mode, label, hint }) => (
            <label key={mode} className="req-mode">
              <input type="radio" name="sizing-mode" checked={sizing.mode === mode} onChange={() => update({ mode })} />
              <span>
                <strong>{label}</strong>
                <span className="muted"> ({hint})</span>
              </span>
            </label>
          ))}
        </fieldset>
      </div>
    </section>
  );
}
