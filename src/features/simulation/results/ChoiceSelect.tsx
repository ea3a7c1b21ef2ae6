// The picker above a results chart that shows one queue or resource at a time.
type ChoiceSelectProps = { label: string; value: string; choices: readonly string[]; onChange: (value: string) => void };

export function ChoiceSelect({ label, value, choices, onChange }: ChoiceSelectProps) {
  return (
    <select className="sim-select" aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      {choices.map((id) => (
        <option key={id}>{id}</option>
      ))}
    </select>
  );
}

/** The picked choice while it exists, else the first: a new run may not have the last one picked. */
export const shownChoice = (picked: string | undefined, choices: readonly string[]) => (picked !== undefined && choices.includes(picked) ? picked : choices[0]);
