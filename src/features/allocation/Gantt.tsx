// The one planning Gantt, for make-up positions and check-in counters alike: lanes grouped under
// their zone and resource, a local-time axis with zoom and pan, bars in airline colours with
// clash, overload and lock marks, tooltips, and moving a bar by dragging it (or with the arrow
// keys when it has focus). Only the lanes in view and the bars inside the time window are in
// the DOM, as plain elements of this one component (no component per bar), so a day of a
// thousand flights stays smooth. The screen decides what a drop does.
import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { inkOn } from '../../../workers/report/svg';
import { clockLabel, tickStep, ticks } from '../../../workers/report/time';
import type { GanttBar, GanttModel } from './model/ganttModel';
import { dropFor, dropProblem, isMove, SNAP_MINUTES, type Drop } from './model/moves';
import { panWindow, zoomWindow, type TimeWindow } from './model/viewWindow';

const ROW = 24;
const AXIS = 34;
const OVERSCAN = 6;
const DRAG_THRESHOLD = 4;

type GanttProps = {
  model: GanttModel;
  label: string;
  /** The gutter's heading over the lane labels ("Position", "Counter"). */
  laneHeading: string;
  canEdit: boolean;
  onDrop: (bar: GanttBar, drop: Drop) => void;
  /** The window shown first, e.g. the hours with bars. */
  initialWindow?: TimeWindow;
};

type DragState = { bar: GanttBar; x0: number; y0: number; drop: Drop | null };
type PanState = { x0: number; window: TimeWindow };
type Hover = { bar: GanttBar; x: number; y: number };

/** Beside the pointer, on its left when the right side has no room. */
function tooltipAt(hover: Hover, root: HTMLElement | null) {
  const width = root?.clientWidth ?? 1200;
  return hover.x > width - 340 ? { right: width - hover.x + 14, top: hover.y + 14 } : { left: hover.x + 14, top: hover.y + 14 };
}

function useElementWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth || fallback);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [fallback]);
  return [ref, width] as const;
}

export const Gantt = memo(function Gantt({ model, label, laneHeading, canEdit, onDrop, initialWindow }: GanttProps) {
  const { lanes, groups, domain } = model;
  const [window, setWindow] = useState<TimeWindow>(initialWindow ?? { from: domain[0], to: domain[1] });
  const [scrollTop, setScrollTop] = useState(0);
  const [viewHeight, setViewHeight] = useState(600);
  const [drag, setDrag] = useState<DragState | null>(null);
  const [hover, setHover] = useState<Hover | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const pan = useRef<PanState | null>(null);
  const [plotRef, plotWidth] = useElementWidth(900);

  const span = window.to - window.from;
  const x = useCallback((m: number) => ((m - window.from) / span) * plotWidth, [window.from, span, plotWidth]);
  const minuteAt = (clientX: number) => {
    const left = plotRef.current?.getBoundingClientRect().left ?? 0;
    return window.from + ((clientX - left) / plotWidth) * span;
  };

  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    setViewHeight(el.clientHeight || 600);
    // Ctrl/Cmd + wheel zooms about the pointer, Shift + wheel (or a sideways swipe) pans; the
    // listener is not passive so the page does not zoom or scroll sideways instead.
    const onWheel = (e: WheelEvent) => {
      if (e.ctrlKey || e.metaKey) {
        e.preventDefault();
        const at = minuteAtRef.current(e.clientX);
        setWindow((w) => zoomWindow(w, e.deltaY > 0 ? 1.25 : 0.8, at, domainRef.current));
      } else if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
        e.preventDefault();
        const delta = e.shiftKey ? e.deltaY : e.deltaX;
        setWindow((w) => panWindow(w, (delta / 800) * (w.to - w.from), domainRef.current));
      }
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);
  const minuteAtRef = useRef(minuteAt);
  minuteAtRef.current = minuteAt;
  const domainRef = useRef(domain);
  domainRef.current = domain;

  const byLane = useMemo(() => {
    const map = new Map<number, GanttBar[]>();
    for (const bar of model.bars) {
      for (let lane = bar.lane; lane >= 0 && lane < bar.lane + bar.span; lane++) {
        const list = map.get(lane);
        if (list) list.push(bar);
        else map.set(lane, [bar]);
      }
    }
    return map;
  }, [model.bars]);

  const firstLane = Math.max(0, Math.floor(scrollTop / ROW) - OVERSCAN);
  const lastLane = Math.min(lanes.length - 1, Math.ceil((scrollTop + viewHeight) / ROW) + OVERSCAN);
  const visible: GanttBar[] = [];
  const seen = new Set<number>();
  for (let lane = firstLane; lane <= lastLane; lane++) {
    for (const bar of byLane.get(lane) ?? []) {
      if (seen.has(bar.id) || bar.end <= window.from || bar.start >= window.to) continue;
      seen.add(bar.id);
      visible.push(bar);
    }
  }
  const tickList = ticks(window.from, window.to, tickStep(span, Math.max(4, Math.floor(plotWidth / 80))));
  const dropText = (bar: GanttBar, drop: Drop) => {
    const lane = lanes[drop.lane];
    const where = bar.span > 1 ? `${lane.zoneName}, ${lane.label}–${lanes[drop.lane + bar.span - 1].label}` : `${lane.resourceName}${lane.label !== lane.resourceName ? ` ${lane.label}` : ''}`;
    return `${where} · ${clockLabel(drop.start)}–${clockLabel(drop.start + bar.end - bar.start)}`;
  };

  function tryDrop(bar: GanttBar, drop: Drop) {
    if (!isMove(bar, drop)) return;
    const problem = dropProblem(model, bar, drop);
    if (problem) setRefused(`${bar.label} not moved: ${problem}`);
    else {
      setRefused(null);
      onDrop(bar, drop);
    }
  }

  function onBarPointerDown(e: PointerEvent<HTMLDivElement>, bar: GanttBar) {
    if (e.button !== 0 || !canEdit) return;
    e.stopPropagation();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    setDrag({ bar, x0: e.clientX, y0: e.clientY, drop: null });
  }
  function onBarPointerMove(e: PointerEvent<HTMLDivElement>, bar: GanttBar) {
    const rect = root.current?.getBoundingClientRect();
    setHover({ bar, x: e.clientX - (rect?.left ?? 0), y: e.clientY - (rect?.top ?? 0) });
    if (!drag || drag.bar.id !== bar.id) return;
    const dx = e.clientX - drag.x0;
    const dy = e.clientY - drag.y0;
    if (!drag.drop && Math.abs(dx) < DRAG_THRESHOLD && Math.abs(dy) < DRAG_THRESHOLD) return;
    setDrag({ ...drag, drop: dropFor(model, bar, Math.round(dy / ROW), (dx / plotWidth) * span) });
  }
  function onBarPointerUp(bar: GanttBar) {
    if (drag?.bar.id === bar.id && drag.drop) tryDrop(bar, drag.drop);
    setDrag(null);
  }
  function onBarKey(e: KeyboardEvent<HTMLDivElement>, bar: GanttBar) {
    if (!canEdit) return;
    const step = e.shiftKey ? 30 : SNAP_MINUTES;
    const moves: Record<string, [number, number]> = { ArrowLeft: [0, -step], ArrowRight: [0, step], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    tryDrop(bar, dropFor(model, bar, move[0], move[1]));
  }

  function onPlotPointerDown(e: PointerEvent<HTMLDivElement>) {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    pan.current = { x0: e.clientX, window };
  }
  function onPlotPointerMove(e: PointerEvent<HTMLDivElement>) {
    const start = pan.current;
    if (!start) return;
    setWindow(panWindow(start.window, (-(e.clientX - start.x0) / plotWidth) * (start.window.to - start.window.from), domain));
  }

  const zoom = (factor: number) => setWindow((w) => zoomWindow(w, factor, (w.from + w.to) / 2, domain));
  const panBy = (share: number) => setWindow((w) => panWindow(w, share * (w.to - w.from), domain));
  const bodyHeight = lanes.length * ROW;
  const dragging = drag?.drop ? drag : null;
  const dragProblem = dragging?.drop ? dropProblem(model, dragging.bar, dragging.drop) : null;

  return (
    <div className="gantt" ref={root} role="group" aria-label={label}>
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
          {clockLabel(window.from)}–{clockLabel(window.to)} · {lanes.length} rows
        </span>
        <span className="gantt__hint muted">Drag a bar to move it · Ctrl + wheel zooms · drag the background or Shift + wheel pans</span>
      </div>
      <div className="gantt__viewport" ref={viewport} onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}>
        <div className="gantt__axis" style={{ height: AXIS }}>
          <div className="gantt__corner">{laneHeading}</div>
          <div className="gantt__ticks" ref={plotRef}>
            {tickList.filter((t) => x(t) > 18 && x(t) < plotWidth - 18).map((t) => (
              <span key={t} className={`gantt__tick${t % 360 === 0 ? ' gantt__tick--major' : ''}`} style={{ left: x(t) }}>
                {clockLabel(t)}
              </span>
            ))}
          </div>
        </div>
        <div className="gantt__body" style={{ height: bodyHeight }}>
          <div className="gantt__gutter">
            {groups.map((g, i) => {
              if (g.first + g.count - 1 < firstLane || g.first > lastLane) return null;
              const top = g.first * ROW;
              // A zone's name follows the scroll down its lanes so it stays in sight.
              const sticky = g.level === 'zone' ? Math.min(Math.max(top, scrollTop), (g.first + g.count - 1) * ROW) : top;
              return (
                <div key={i} className={`gantt__group gantt__group--${g.level}`} style={{ top, height: g.count * ROW }}>
                  <span className="gantt__group-label" style={{ top: sticky - top }} title={g.label}>
                    {g.label.replace(/ \(.*\)$/, '')}
                    {g.level === 'resource' && / \((.*)\)$/.test(g.label) && g.count > 1 && <small className="gantt__group-kind">{/ \((.*)\)$/.exec(g.label)?.[1]}</small>}
                  </span>
                </div>
              );
            })}
            {lanes.slice(firstLane, lastLane + 1).map((lane, i) => (
              <div key={lane.key} className="gantt__lane-label" style={{ top: (firstLane + i) * ROW, height: ROW }}>
                {lane.label}
              </div>
            ))}
          </div>
          <div
            className="gantt__plot"
            onPointerDown={onPlotPointerDown}
            onPointerMove={onPlotPointerMove}
            onPointerUp={() => (pan.current = null)}
            onPointerCancel={() => (pan.current = null)}
          >
            {groups
              .filter((g) => g.level === (groups.some((h) => h.level === 'resource') ? 'resource' : 'zone'))
              .map((g, i) => (
                <div key={i} className={`gantt__stripe${i % 2 ? ' gantt__stripe--odd' : ''}`} style={{ top: g.first * ROW, height: g.count * ROW }} />
              ))}
            {tickList.map((t) => (
              <div key={t} className={`gantt__gridline${t % 360 === 0 ? ' gantt__gridline--major' : ''}`} style={{ left: x(t) }} />
            ))}
            {visible.map((bar) => {
              const left = Math.max(-2, x(bar.start));
              const right = Math.min(plotWidth + 2, x(bar.end));
              const moving = dragging?.bar.id === bar.id;
              const classes = ['gantt__bar', bar.clash && 'gantt__bar--clash', bar.overload && 'gantt__bar--overload', bar.locked && 'gantt__bar--locked', moving && 'gantt__bar--origin']
                .filter(Boolean)
                .join(' ');
              return (
                <div
                  key={bar.id}
                  role="button"
                  tabIndex={0}
                  data-bar={bar.id}
                  className={classes}
                  style={{ left, width: Math.max(3, right - left), top: bar.lane * ROW + 3, height: bar.span * ROW - 6, background: bar.colour, color: inkOn(bar.colour) }}
                  aria-label={`${bar.label}: ${bar.details.join(', ')}${bar.clash ? ', conflict' : ''}${bar.overload ? ', overloaded' : ''}${bar.locked ? ', locked' : ''}`}
                  onPointerDown={(e) => onBarPointerDown(e, bar)}
                  onPointerMove={(e) => onBarPointerMove(e, bar)}
                  onPointerUp={() => onBarPointerUp(bar)}
                  onPointerCancel={() => setDrag(null)}
                  onPointerLeave={() => setHover(null)}
                  onKeyDown={(e) => onBarKey(e, bar)}
                >
                  {bar.locked && <span className="gantt__lock" aria-hidden="true" />}
                  <span className="gantt__bar-label">{bar.label}</span>
                </div>
              );
            })}
            {dragging?.drop && (
              <div
                className={`gantt__ghost${dragProblem ? ' gantt__ghost--refused' : ''}`}
                style={{
                  left: x(dragging.drop.start),
                  width: Math.max(3, x(dragging.drop.start + dragging.bar.end - dragging.bar.start) - x(dragging.drop.start)),
                  top: dragging.drop.lane * ROW + 2,
                  height: dragging.bar.span * ROW - 4,
                  background: dragging.bar.colour,
                }}
                aria-hidden="true"
              />
            )}
          </div>
        </div>
      </div>
      {hover && !dragging && (
        <div className="gantt__tooltip" role="tooltip" style={tooltipAt(hover, root.current)}>
          <strong>{hover.bar.details[0]}</strong>
          {hover.bar.details.slice(1).map((line) => (
            <span key={line}>{line}</span>
          ))}
          {hover.bar.clash && <span className="gantt__tooltip-flag">Conflict: shares its {laneHeading.toLowerCase()} with another bar{model.buffer ? ` (${model.buffer}-minute buffer)` : ''}</span>}
          {hover.bar.overload && <span className="gantt__tooltip-flag">Overload: more bags an hour than one position loads</span>}
          {hover.bar.locked && <span>Locked: the allocation jobs keep it</span>}
        </div>
      )}
      {dragging?.drop && hover && (
        <div className={`gantt__tooltip${dragProblem ? ' gantt__tooltip--refused' : ''}`} role="status" style={tooltipAt(hover, root.current)}>
          <strong>{dropText(dragging.bar, dragging.drop)}</strong>
          {dragProblem && <span>{dragProblem}</span>}
        </div>
      )}
      {refused && (
        <p className="notice notice--error gantt__refused" role="alert">
          {refused}
        </p>
      )}
    </div>
  );
});
