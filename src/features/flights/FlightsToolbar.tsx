// The flights screen's toolbar: how many flights the grid shows, the save state of the edits, the
// link to the season overview and, for editors, Import schedule and the two rule jobs.
import { Link } from 'wouter';
import type { SaveState } from './patchBatcher';

const SAVE_WORDS: Record<SaveState, string> = {
  idle: '',
  pending: 'Unsaved changes…',
  saving: 'Saving…',
  saved: 'All changes saved',
  error: 'Changes not saved',
};

type FlightsToolbarProps = {
  /** '292 flights', or '40 of 292 flights shown' while the grid's filters hide some. */
  count: string;
  timeZone: string;
  saveState: SaveState;
  /** Another planner's change is held back until the open cell is closed and the edits saved. */
  othersWaiting?: boolean;
  canEdit: boolean;
  onImport: () => void;
  onApplyRules: () => void;
  onGenerateSegregations: () => void;
};

export function FlightsToolbar({ count, timeZone, saveState, othersWaiting, canEdit, onImport, onApplyRules, onGenerateSegregations }: FlightsToolbarProps) {
  const ownFirst = saveState === 'pending' || saveState === 'saving' || !othersWaiting;
  return (
    <div className="toolbar">
      <p className="toolbar__text">
        <strong>{count}</strong> · times in {timeZone} · double-click a cell to edit
      </p>
      <span className={`save-state save-state--${saveState}`} role="status">
        {ownFirst ? SAVE_WORDS[saveState] : 'Changed by someone else: shown once you finish'}
      </span>
      <Link href="/app/allocation/season" className="toolbar__link">
        Season overview
      </Link>
      {canEdit && (
        <>
          <button type="button" className="button button--small button--primary" onClick={onImport}>
            Import schedule
          </button>
          <button type="button" className="button button--small" onClick={onApplyRules}>
            Apply import rules
          </button>
          <button type="button" className="button button--small" onClick={onGenerateSegregations}>
            Generate segregations
          </button>
        </>
      )}
    </div>
  );
}
