// A group's notes from the engine: periods that no number of positions can serve stand out one by
// one; the notes that come by the dozen on a busy day are one line each kind, naming their periods,
// that opens to the list, so they do not bury the chart (model/overview.ts gathers them).
import { summariseNotes } from './model/overview';

export function GroupNotes({ notes }: { notes: readonly string[] }) {
  const { others, gathered } = summariseNotes(notes);
  return (
    <>
      {others.map((note) => (
        <p key={note} className="notice notice--warning">
          {note}
        </p>
      ))}
      {gathered.map(({ kind, notes: listed, line }) => (
        <details key={kind.id} className={`notice${kind.tone === 'warning' ? ' notice--warning' : ''} req-group__undecided`}>
          <summary>{line}</summary>
          <ul>
            {listed.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </details>
      ))}
    </>
  );
}
