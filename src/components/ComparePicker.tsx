// A choice of a saved item (a run, a plan) among the project's scenarios, grouped by scenario,
// and Compare: what the saved-runs and saved-plans panels offer under their lists.
import { useState } from 'react';
import { savedWhen, type SavedItem } from './SavedList';

type CompareGroup = { id: number; name: string; items: readonly SavedItem[] };

type ComparePickerProps = {
  /** "run", "plan": in the label. */
  noun: string;
  /** The empty choice's words (what to choose, or why there is nothing). */
  placeholder: string;
  groups: readonly CompareGroup[];
  busy: boolean;
  /** The chosen item and its scenario's name. */
  onCompare: (item: SavedItem, scenarioName: string) => void;
};

export function ComparePicker({ noun, placeholder, groups, busy, onCompare }: ComparePickerProps) {
  const [chosen, setChosen] = useState('');
  const compare = () => {
    for (const group of groups) {
      const item = group.items.find((i) => String(i.id) === chosen);
      if (item) return onCompare(item, group.name);
    }
  };
  return (
    <div className="sim-runs__compare">
      <label className="sim-field sim-field--wide">
        <span>Compare the shown {noun} with</span>
        <select value={chosen} onChange={(e) => setChosen(e.target.value)}>
          <option value="">{placeholder}</option>
          {groups.map((group) => (
            <optgroup key={group.id} label={group.name}>
              {group.items.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name} ({savedWhen(item.createdAt)})
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <button type="button" className="button" disabled={busy || !chosen} onClick={compare}>
        Compare
      </button>
    </div>
  );
}
