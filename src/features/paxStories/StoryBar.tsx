// The stories' top bar (SPEC section 2, 'Select Pax'): the airline and segregation whose story
// is shown, the saved state and Save Stories.
import { useMemo } from 'react';
import type { Palette, StorySource } from './model/stories';

type StoryBarProps = {
  palette: Palette;
  source: StorySource | null;
  setSource: (source: StorySource | null) => void;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
};

export function StoryBar({ palette, source, setSource, dirty, saving, onSave }: StoryBarProps) {
  const airlines = useMemo(() => [...new Map(palette.inputs.map((i) => [i.source!.airline, i.source!])).values()], [palette]);
  const segregations = palette.inputs.filter((i) => i.source!.airline === source?.airline).map((i) => i.source!.segregation);
  return (
    <div className="toolbar stories-bar" role="toolbar" aria-label="Select Pax">
      <strong className="stories-bar__title">Select Pax</strong>
      <label className="stories-bar__select">
        <span className="visually-hidden">Select Airline</span>
        <select
          aria-label="Select Airline"
          value={source?.airline ?? ''}
          onChange={(e) => {
            const first = palette.inputs.find((i) => i.source!.airline === e.target.value);
            setSource(first?.source ?? null);
          }}
        >
          <option value="">Select Airline</option>
          {airlines.map((a) => (
            <option key={a.airline} value={a.airline}>
              {a.airline}
            </option>
          ))}
        </select>
      </label>
      <label className="stories-bar__select">
        <span className="visually-hidden">Select Segregation</span>
        <select
          aria-label="Select Segregation"
          value={source?.segregation ?? ''}
          disabled={!source}
          onChange={(e) => source && setSource({ ...source, segregation: e.target.value })}
        >
          <option value="" disabled>
            Select Segregation
          </option>
          {segregations.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <span className="toolbar__spacer" />
      <span className={`flow-status${dirty ? ' flow-status--dirty' : ''}`} role="status">
        {dirty ? 'Unsaved changes' : 'All changes saved'}
      </span>
      <button type="button" className="button button--primary" onClick={onSave} disabled={saving}>
        {saving ? 'Saving...' : 'Save Stories'}
      </button>
    </div>
  );
}
