// The flow editor's toolbar (SPEC section 2): Auto Layout, Save Flow, Export Flow, Import Flow
// (a hidden file input), Undo, Redo, whether to draw every connection to security, and the saved
// state at the end.
import { useRef, type ChangeEvent } from 'react';
import { useAtom } from 'jotai';
import { showEveryConnectionAtom } from './atoms';

type FlowToolbarProps = {
  busy: 'layout' | 'save' | null;
  dirty: boolean;
  saved: boolean;
  canUndo: boolean;
  canRedo: boolean;
  onLayout: () => void;
  onSave: () => void;
  onExport: () => void;
  onImport: (event: ChangeEvent<HTMLInputElement>) => void;
  onUndo: () => void;
  onRedo: () => void;
};

export function FlowToolbar({ busy, dirty, saved, canUndo, canRedo, onLayout, onSave, onExport, onImport, onUndo, onRedo }: FlowToolbarProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className="toolbar flow-toolbar" role="toolbar" aria-label="Flow">
      <button type="button" className="button" onClick={onLayout} disabled={busy !== null}>
        {busy === 'layout' ? 'Laying out...' : 'Auto Layout'}
      </button>
      <button type="button" className="button button--primary" onClick={onSave} disabled={busy !== null}>
        {busy === 'save' ? 'Saving...' : 'Save Flow'}
      </button>
      <button type="button" className="button" onClick={onExport}>
        Export Flow
      </button>
      <button type="button" className="button" onClick={() => fileInput.current?.click()}>
        Import Flow
      </button>
      <input ref={fileInput} type="file" accept="application/json,.json" hidden aria-label="Flow file" onChange={onImport} />
      <button type="button" className="button" onClick={onUndo} disabled={!canUndo}>
        Undo
      </button>
      <button type="button" className="button" onClick={onRedo} disabled={!canRedo}>
        Redo
      </button>
      <ShowEveryConnection />
      <span className="toolbar__spacer" />
      <span className={`flow-status${dirty ? ' flow-status--dirty' : ''}`} role="status">
        {dirty ? 'Unsaved changes' : saved ? 'All changes saved' : 'Not saved yet'}
      </span>
    </div>
  );
}

function ShowEveryConnection() {
  const [showEvery, setShowEvery] = useAtom(showEveryConnectionAtom);
  return (
    <label className="flow-toolbar__check" title="Off: each zone's resources are drawn as one line per security output, labelled with how many">
      <input type="checkbox" checked={showEvery} onChange={(e) => setShowEvery(e.target.checked)} /> Every connection to security
    </label>
  );
}
