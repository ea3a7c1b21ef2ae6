// The Gantt's time-window controls: earlier, later, zoom in and out, the whole day, and what is
// shown; `children` (the find box) sit after them.
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { dayClockLabel } from '../../../../workers/report/time';
import { panWindow, zoomWindow, type TimeWindow } from '../model/viewWindow';

type Props = {
  label: string;
  window: TimeWindow;
  domain: [number, number];
  rows: number;
  /** A viewer is not told to drag bars. */
  canEdit: boolean;
  setWindow: Dispatch<SetStateAction<TimeWindow>>;
  children?: ReactNode;
};

export function GanttToolbar({ label, window, domain, rows, canEdit, setWindow, children }: Props) {
  const zoom = (factor: number) => setWindow((w) => zoomWindow(w, factor, (w.from + w.to) / 2, domain));
  const panBy = (share: number) => setWindow((w) => panWindow(w, share * (w.to - w.from), domain));
  return (
    <div className="gantt__controls" role="toolbar" aria-label={`${label} time window`}>
      <button type="button" className="button button--small" onClick={() => panBy(-0.5)} aria-label="Earlier">
        ◀
      </button>
      <button type="button" className="button button--small" onClick={() => panBy(0.5)} aria-label="Later">
        ▶
      </button>
      <button type="button" className="button button--small" onClick={() => zoom(0.5)} aria-label="Zoom in">
        +
      </button>
      <button type="button" className="button button--small" onClick={() => zoom(2)} aria-label="Zoom out">
        −
      </button>
      <button type="button" className="button button--small" onClick={() => setWindow({ from: domain[0], to: domain[1] })}>
        Whole day
      </button>
      <span className="gantt__window" aria-live="polite">
        {dayClockLabel(window.from)}–{dayClockLabel(window.to)} · {rows} rows
      </span>
      {children}
      <span className="gantt__hint muted">
        {canEdit ? 'Drag a bar to move it' : 'View only'} · Ctrl + wheel zooms · drag the background or Shift + wheel pans
      </span>
    </div>
  );
}
