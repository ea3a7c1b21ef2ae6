// The set-up of a run: replications, seed, the level-of-service target of each process, the
// charts' time range, and a summary of what will run (flights, passengers, queues, resources,
// allocations) with the flow used.
import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { formatMinutes, parseMinutes } from '../../charts/timeFormat';
import { settingsAtom, updateSettingsAtom } from './atoms';
import type { AirportInput } from '../../../common/scenario/documentInput';
import { PROCESSES, SECTORS } from '../../../common/scenario/documentSettings';
import { PROCESS_LABELS } from './model/settings';

type SetupPanelProps = { document: AirportInput; range: { from: number; to: number }; flowNote: string; notes: string[] };

function passengersOf(document: AirportInput): number {
  return document.flights.reduce((n, f) => n + (f.passengers ?? Math.round((f.seats ?? 0) * (f.load_factor ?? 0.85))), 0);
}

type NumberFieldProps = { label: string; value: number; min: number; max: number; step?: number; onChange: (v: number) => void };

function NumberField({ label, value, min, max, step = 1, onChange }: NumberFieldProps) {
  return (
    <label className="sim-field">
      <span>{label}</span>
      <input
        type="number"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(e) => {
          const v = Number(e.target.value);
          if (e.target.value !== '' && Number.isFinite(v)) onChange(Math.min(max, Math.max(min, v)));
        }}
      />
    </label>
  );
}

function TimeField({ label, minutes, onChange }: { label: string; minutes: number; onChange: (m: number) => void }) {
  const [text, setText] = useState(formatMinutes(minutes));
  const invalid = parseMinutes(text) === null;
  return (
    <label className="sim-field">
      <span>{label}</span>
      <input
        value={text}
        aria-invalid={invalid}
        placeholder="HH:MM"
        onChange={(e) => {
          setText(e.target.value);
          const parsed = parseMinutes(e.target.value);
          if (parsed !== null) onChange(parsed);
        }}
      />
    </label>
  );
}

/** The space bands (optimum m² per passenger of check-in and security queues) and trolley factors. */
function SpaceFields() {
  const settings = useAtomValue(settingsAtom);
  const update = useSetAtom(updateSettingsAtom);
  const { space } = settings;
  const range = (which: 'checkin' | 'security', end: 0 | 1) => (v: number) => {
    const next: [number, number] = [...space[which]];
    next[end] = v;
    update({ space: { ...space, [which]: next } });
  };
  return (
    <fieldset className="sim-fieldset">
      <legend>Space optimum (m² per passenger)</legend>
      <NumberField label="Check-in from" value={space.checkin[0]} min={0.1} max={20} step={0.1} onChange={range('checkin', 0)} />
      <NumberField label="Check-in to" value={space.checkin[1]} min={0.1} max={20} step={0.1} onChange={range('checkin', 1)} />
      <NumberField label="Security from" value={space.security[0]} min={0.1} max={20} step={0.1} onChange={range('security', 0)} />
      <NumberField label="Security to" value={space.security[1]} min={0.1} max={20} step={0.1} onChange={range('security', 1)} />
      {SECTORS.map((sector) => (
        <NumberField
          key={sector}
          label={`Trolley factor, ${sector}`}
          value={space.trolley[sector]}
          min={0.1}
          max={5}
          step={0.05}
          onChange={(v) => update({ space: { ...space, trolley: { ...space.trolley, [sector]: v } } })}
        />
      ))}
    </fieldset>
  );
}

export function SetupPanel({ document, range, flowNote, notes }: SetupPanelProps) {
  const settings = useAtomValue(settingsAtom);
  const update = useSetAtom(updateSettingsAtom);
  const counters = document.resources.filter((r) => ['fullservice', 'kiosk', 'bagdrop'].includes(r.type)).length;
  // A security resource's positions are its lanes.
  const lanes = document.resources.filter((r) => r.type === 'security').reduce((n, r) => n + (r.positions ?? 1), 0);
  const makeup = document.resources.filter((r) => r.type.startsWith('makeup')).length;

  return (
    <section className="card sim-setup" aria-label="Set up">
      <div className="sim-setup__grid">
        <fieldset className="sim-fieldset">
          <legend>Run</legend>
          <NumberField label="Replications" value={settings.replications} min={1} max={100} onChange={(replications) => update({ replications })} />
          <NumberField label="Seed" value={settings.seed} min={0} max={2 ** 31 - 1} onChange={(seed) => update({ seed })} />
          <label className="sim-field sim-field--check">
            <input type="checkbox" checked={settings.playback} onChange={(e) => update({ playback: e.target.checked })} />
            <span>Keep the playback (minute by minute)</span>
          </label>
        </fieldset>
        <fieldset className="sim-fieldset">
          <legend>Level of service targets (minutes)</legend>
          {PROCESSES.map((p) => (
            <NumberField
              key={p}
              label={PROCESS_LABELS[p]}
              value={settings.losTargets[p]}
              min={0}
              max={240}
              onChange={(v) => update({ losTargets: { ...settings.losTargets, [p]: v } })}
            />
          ))}
        </fieldset>
        <SpaceFields />
        <fieldset className="sim-fieldset">
          <legend>Charts' time range</legend>
          <TimeField key={`from-${range.from}`} label="From" minutes={range.from} onChange={(from) => update({ timeRange: { ...range, from } })} />
          <TimeField key={`to-${range.to}`} label="To" minutes={range.to} onChange={(to) => update({ timeRange: { ...range, to } })} />
          {settings.timeRange && (
            <button type="button" className="button button--text button--small" onClick={() => update({ timeRange: null })}>
              Reset to the day's flights
            </button>
          )}
        </fieldset>
        <div className="sim-summary" aria-label="What will run">
          <h3 className="chart-figure__title">What will run</h3>
          <ul>
            <li>
              <strong>{document.flights.length}</strong> departures, <strong>{passengersOf(document).toLocaleString('en-US')}</strong> passengers
            </li>
            <li>
              <strong>{document.flow.queues.length}</strong> check-in queues, <strong>{document.flow.outputs.length}</strong> security outputs
            </li>
            <li>
              <strong>{counters}</strong> check-in resources, <strong>{lanes}</strong> security lanes, <strong>{makeup}</strong> make-up resources
            </li>
            <li>
              <strong>{document.resource_allocations.length}</strong> counter allocations, <strong>{document.makeup_allocations.length}</strong> make-up
              allocations
            </li>
          </ul>
          <p className="sim-summary__flow">{flowNote}</p>
          {notes.map((n) => (
            <p key={n} className="muted">
              {n}
            </p>
          ))}
        </div>
      </div>
    </section>
  );
}
