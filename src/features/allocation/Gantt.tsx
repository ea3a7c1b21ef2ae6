// The one planning Gantt, for make-up positions and check-in counters alike: lanes grouped under
// their zone and resource, a local-time axis with zoom and pan, bars in airline colours with
// clash, overload and lock marks, tooltips, moving a bar by dragging it (or with the arrow keys
// when it has focus), and a find box that brings a flight's bars into view. Only the lanes in
// view and the bars inside the time window are in the DOM, as plain elements of this one
// component (no component per bar), so a day of a thousand flights stays smooth. The screen
// decides what a drop does. Its parts are in gantt/.
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { inkOn } from '../../../workers/report/svg';
import { clockLabel, tickStep, ticks } from '../../../workers/report/time';
import type { GanttBar, GanttModel } from './model/ganttModel';
import { dropProblem, isMove, type Drop } from './model/moves';
import type { TimeWindow } from './model/viewWindow';
import { DragGhost } from './gantt/DragGhost';
import { GanttFind } from './gantt/GanttFind';
import { GanttGutter } from './gantt/GanttGutter';
import { GanttToolbar } from './gantt/GanttToolbar';
import { dropText, GanttTooltips, type Hover } from './gantt/GanttTooltips';
import { useBarDrag } from './gantt/useBarDrag';
import { useElementWidth } from './gantt/useElementWidth';
import { usePlotPan } from './gantt/usePlotPan';
import { useRevealBar } from './gantt/useRevealBar';
import { useWheelNavigation } from './gantt/useWheelNavigation';
import { barsByLane, visibleBars } from './gantt/visibleBars';
import { stepOutline } from './gantt/stepOutline';

const ROW = 24;
const AXIS = 34;
const OVERSCAN = 6;

type GanttProps = {
  model: GanttModel;
  label: string;
  /** The gutter's heading over the lane labels ("Position", "Counter"). */
  laneHeading: string;
  canEdit: boolean;
  onDrop: (bar: GanttBar, drop: Drop) => void;
  /** Told when a bar is pressed and let go (the screen holds live reloads meanwhile). */
  onDragging?: (dragging: boolean) => void;
  /** The window shown first, e.g. the hours with bars. */
  initialWindow?: TimeWindow;
};

const barClasses = (bar: GanttBar, moving: boolean) =>
  [
    'gantt__bar',
    bar.steps && 'gantt__bar--stepped',
    bar.clash && 'gantt__bar--clash',
    bar.overload && 'gantt__bar--overload',
    bar.locked && 'gantt__bar--locked',
    moving && 'gantt__bar--origin',
  ]
    .filter(Boolean)
    .join(' ');

const barLabel = (bar: GanttBar) =>
  `${bar.label}: ${bar.details.join(', ')}${bar.clash ? ', conflict' : ''}${bar.overload ? ', overloaded' : ''}${bar.locked ? ', locked' : ''}`;

export const Gantt = memo(function Gantt({ model, label, laneHeading, canEdit, onDrop, onDragging, initialWindow }: GanttProps) {
  const { lanes, domain } = model;
  const [window, setWindow] = useState<TimeWindow>(initialWindow ?? { from: domain[0], to: domain[1] });
  const [scrollTop, setScrollTop] = useState(0);
  const [viewHeight, setViewHeight] = useState(600);
  const [hover, setHover] = useState<Hover | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const [plotRef, plotWidth] = useElementWidth(900);

  const span = window.to - window.from;
  const x = useCallback((m: number) => ((m - window.from) / span) * plotWidth, [window.from, span, plotWidth]);
  const minuteAt = (clientX: number) => window.from + ((clientX - (plotRef.current?.getBoundingClientRect().left ?? 0)) / plotWidth) * span;
  useWheelNavigation(viewport, minuteAt, domain, setWindow);
  useEffect(() => setViewHeight(viewport.current?.clientHeight || 600), []);
  const reveal = useRevealBar({ viewport, root, row: ROW, domain, setWindow, setScrollTop });

  const byLane = useMemo(() => barsByLane(model.bars), [model.bars]);
  const firstLane = Math.max(0, Math.floor(scrollTop / ROW) - OVERSCAN);
  const lastLane = Math.min(lanes.length - 1, Math.ceil((scrollTop + viewHeight) / ROW) + OVERSCAN);
  const visible = visibleBars(byLane, firstLane, lastLane, window);
  const tickList = ticks(window.from, window.to, tickStep(span, Math.max(4, Math.floor(plotWidth / 80))));

  function tryDrop(bar: GanttBar, drop: Drop) {
    if (!isMove(bar, drop)) return;
    const problem = dropProblem(model, bar, drop);
    setRefused(problem && `${bar.label} not moved: ${problem}`);
    if (!problem) onDrop(bar, drop);
  }
  const { held, dragging, barHandlers } = useBarDrag({ model, canEdit, rowHeight: ROW, pixelsPerMinute: plotWidth / span, root, setHover, tryDrop });
  useEffect(() => onDragging?.(held), [held, onDragging]);
  const dragProblem = dragging ? dropProblem(model, dragging.bar, dragging.drop) : null;

  const panHandlers = usePlotPan(window, plotWidth, domain, setWindow);
  const stripeLevel = model.groups.some((h) => h.level === 'resource') ? 'resource' : 'zone';

  return (
    <div className="gantt" ref={root} role="group" aria-label={label}>
      <GanttToolbar label={label} window={window} domain={domain} rows={lanes.length} canEdit={canEdit} setWindow={setWindow}>
        <GanttFind bars={model.bars} reveal={reveal} />
      </GanttToolbar>
      <div className="gantt__viewport" ref={viewport} onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}>
        <div className="gantt__axis" style={{ height: AXIS }}>
          <div className="gantt__corner">{laneHeading}</div>
          <div className="gantt__ticks" ref={plotRef}>
            {tickList
              .filter((t) => x(t) > 18 && x(t) < plotWidth - 18)
              .map((t) => (
                <span key={t} className={`gantt__tick${t % 360 === 0 ? ' gantt__tick--major' : ''}`} style={{ left: x(t) }}>
                  {clockLabel(t)}
                </span>
              ))}
          </div>
        </div>
        <div className="gantt__body" style={{ height: lanes.length * ROW }}>
          <GanttGutter model={model} row={ROW} firstLane={firstLane} lastLane={lastLane} scrollTop={scrollTop} />
          <div className="gantt__plot" {...panHandlers}>
            {model.groups
              .filter((g) => g.level === stripeLevel)
              .map((g, i) => (
                <div key={i} className={`gantt__stripe${i % 2 ? ' gantt__stripe--odd' : ''}`} style={{ top: g.first * ROW, height: g.count * ROW }} />
              ))}
            {tickList.map((t) => (
              <div key={t} className={`gantt__gridline${t % 360 === 0 ? ' gantt__gridline--major' : ''}`} style={{ left: x(t) }} />
            ))}
            {visible.map((bar) => {
              const left = Math.max(-2, x(bar.start));
              const right = Math.min(plotWidth + 2, x(bar.end));
              return (
                <div
                  key={bar.id}
                  role="button"
                  tabIndex={0}
                  data-bar={bar.id}
                  className={barClasses(bar, dragging?.bar.id === bar.id)}
                  style={{
                    left,
                    width: Math.max(3, right - left),
                    top: bar.lane * ROW + 3,
                    height: bar.span * ROW - 6,
                    background: bar.colour,
                    color: inkOn(bar.colour),
                    clipPath: stepOutline(bar, (m) => x(m) - left, ROW, 6),
                  }}
                  aria-label={barLabel(bar)}
                  {...barHandlers(bar)}
                >
                  {bar.locked && <span className="gantt__lock" aria-hidden="true" />}
                  <span className="gantt__bar-label">{bar.label}</span>
                </div>
              );
            })}
            {dragging && <DragGhost dragging={dragging} refused={!!dragProblem} x={x} row={ROW} />}
          </div>
        </div>
      </div>
      <GanttTooltips
        model={model}
        laneHeading={laneHeading}
        hover={hover}
        root={root.current}
        dragging={dragging && { text: dropText(model, dragging.bar, dragging.drop, clockLabel), problem: dragProblem }}
        refused={refused}
      />
    </div>
  );
});
