// A group's notes from the engine: periods that miss (even with every position open, or after the
// verification's rounds) stand out one by one; the notes that come by the dozen on a busy day are
// one line each kind that opens to the list, so they do not bury the chart: periods too close to
// call at the replication limit (never met), periods from which one position fewer was too close
// to call (the plan is then not proven minimal), and, in plans saved before plans were verified,
// the periods the search took by its estimate.
import { UNDECIDED_NOTE } from '../../../workers/sim/sizing/search';

/** The engine's words on a removal (search.ts's notes): "one position fewer is too close to call". */
const ONE_FEWER = 'one position fewer';
/** The words of the same notes in plans saved before plans were verified. */
const LEGACY_UNDECIDED = 'too close to the target to decide';

const periods = (n: number) => `${n} period${n === 1 ? '' : 's'}`;

type NoteKind = { id: string; matches: (note: string) => boolean; summary: (n: number) => string; tone: string };

const GATHERED: NoteKind[] = [
  {
    id: 'too-close',
    matches: (note) => note.includes(UNDECIDED_NOTE) && !note.includes(ONE_FEWER),
    summary: (n) => `${periods(n)} too close to call at the replication limit, not shown as met`,
    tone: 'notice notice--warning',
  },
  {
    id: 'close-removals',
    matches: (note) => note.includes(UNDECIDED_NOTE) && note.includes(ONE_FEWER),
    summary: (n) => `${periods(n)} where one position fewer is too close to call at the replication limit, so the plan is not proven minimal`,
    tone: 'notice',
  },
  {
    id: 'legacy',
    matches: (note) => note.includes(LEGACY_UNDECIDED),
    summary: (n) => `${periods(n)} too close to the target to decide within the replication limit, each taken by the search's estimate (not verified)`,
    tone: 'notice',
  },
];

export function GroupNotes({ notes }: { notes: readonly string[] }) {
  const others = notes.filter((note) => !GATHERED.some((kind) => kind.matches(note)));
  return (
    <>
      {others.map((note) => (
        <p key={note} className="notice notice--warning">
          {note}
        </p>
      ))}
      {GATHERED.map((kind) => (
        <GatheredNotes key={kind.id} kind={kind} notes={notes.filter(kind.matches)} />
      ))}
    </>
  );
}

function GatheredNotes({ kind, notes }: { kind: NoteKind; notes: readonly string[] }) {
  if (notes.length === 0) return null;
  return (
    <details className={`${kind.tone} req-group__undecided`}>
      <summary>{kind.summary(notes.length)}</summary>
      <ul>
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </details>
  );
}
