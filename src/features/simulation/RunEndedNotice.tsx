// How a simulation or a sizing ended when it gave no results: cancelled, or failed in the
// engine's words with the document field they name.
import type { RunEnded } from './model/runEnded';

type RunEndedNoticeProps = {
  ended: RunEnded;
  /** What ran: "simulation", "sizing". */
  what: string;
  /** Which document the field is in, as the planner can find it. */
  document: string;
};

export function RunEndedNotice({ ended, what, document }: RunEndedNoticeProps) {
  if (ended.status === 'cancelled') return <p className="notice">The {what} was cancelled.</p>;
  return (
    <div className="notice notice--error" role="alert">
      <strong>The {what} could not run.</strong> {ended.message}
      {ended.field && (
        <p className="sim-error__field">
          Field: <code>{ended.field}</code> of {document}.
        </p>
      )}
    </div>
  );
}
