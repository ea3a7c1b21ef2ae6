// A group's notes from the engine: periods even every position cannot serve stand out one by one;
// periods decided by their estimate at the replication limit (often a dozen a group on a busy
// day) are one line that opens to the list, so they do not bury the chart.
import { UNDECIDED_NOTE } from '../../../workers/sim/sizing/search';

export function GroupNotes({ notes }: { notes: readonly string[] }) {
  const undecided = notes.filter((n) => n.includes(UNDECIDED_NOTE));
  const others = notes.filter((n) => !n.includes(UNDECIDED_NOTE));
  return (
    <>
      {others.map((note) => (
        <p key={note} className="notice notice--warning">
          {note}
        </p>
      ))}
      {undecided.length > 0 && (
        <details className="notice req-group__undecided">
          <summary>
            {undecided.length} period{undecided.length === 1 ? '' : 's'} {UNDECIDED_NOTE} within the replication limit, each taken by its estimate
          </summary>
          <ul>
            {undecided.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
