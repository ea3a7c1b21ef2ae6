// The check-in hall at one minute: each check-in queue's counters in their island order, coloured
// closed, open and idle, or busy, with the passengers waiting drawn as dots lined up in front of
// them, so the viewer sees where the hall jams. One SVG for every queue, so a snapshot exports
// the whole hall.
import { memo } from 'react';
import { counterStateAt, type CounterState, type Playback } from './model/playbackState';

export type FloorQueue = { id: string; label: string; counters: string[] };

const COUNTER_WIDTH = 30;
const COUNTER_HEIGHT = 24;
const COUNTER_GAP = 4;
const DOT_STEP = 8;
const MIN_WIDTH = 560;
/** Dots beyond this many are summed up in words rather than drawn. */
const MAX_DOTS = 600;
const TITLE_HEIGHT = 20;
const ZONE_GAP = 22;

const COUNTER_FILL: Record<CounterState, string> = { closed: '#e4e7eb', idle: '#a5d6a7', busy: '#1565c0' };
const COUNTER_WORD: Record<CounterState, string> = { closed: 'closed', idle: 'open, idle', busy: 'busy' };

type Props = { queues: FloorQueue[]; pb: Playback; minute: number; peaks: Record<string, number> };

function zoneWidth(q: FloorQueue): number {
  return Math.max(MIN_WIDTH, q.counters.length * (COUNTER_WIDTH + COUNTER_GAP));
}

/** Rows of dots a queue needs at its peak: its zone keeps that height all day, so nothing jumps. */
function dotRows(q: FloorQueue, peak: number): number {
  const perRow = Math.floor(zoneWidth(q) / DOT_STEP);
  return Math.max(1, Math.ceil(Math.min(MAX_DOTS, Math.round(peak)) / perRow));
}

function zoneHeight(q: FloorQueue, peak: number): number {
  return TITLE_HEIGHT + COUNTER_HEIGHT + 10 + dotRows(q, peak) * DOT_STEP + 14;
}

function Zone({ q, pb, minute }: { q: FloorQueue; pb: Playback; minute: number }) {
  const waiting = Math.round(pb.queues[q.id]?.waiting[Math.floor(minute - pb.start_minutes)] ?? 0);
  const drawn = Math.min(MAX_DOTS, waiting);
  const perRow = Math.floor(zoneWidth(q) / DOT_STEP);
  const top = TITLE_HEIGHT + COUNTER_HEIGHT + 10;
  return (
    <g data-floor-queue={q.id} data-waiting={waiting}>
      <text y={13} fontSize={12} fontWeight={600} fill="#1f2933">
        {q.label}: {waiting} waiting
        {waiting > drawn ? ` (${drawn} drawn)` : ''}
      </text>
      {q.counters.map((c, i) => {
        const state = counterStateAt(pb, c, minute);
        return (
          <g key={c} transform={`translate(${i * (COUNTER_WIDTH + COUNTER_GAP)},${TITLE_HEIGHT})`} data-counter={c} data-state={state}>
            <title>{`${c}: ${COUNTER_WORD[state]}`}</title>
            <rect width={COUNTER_WIDTH} height={COUNTER_HEIGHT} rx={3} fill={COUNTER_FILL[state]} stroke="#9aa3ad" />
          </g>
        );
      })}
      {Array.from({ length: drawn }, (_, k) => (
        <circle key={k} cx={(k % perRow) * DOT_STEP + DOT_STEP / 2} cy={top + Math.floor(k / perRow) * DOT_STEP + DOT_STEP / 2} r={3} fill="#c62828" />
      ))}
    </g>
  );
}

export const PlaybackFloor = memo(function PlaybackFloor({ queues, pb, minute, peaks }: Props) {
  const width = Math.max(...queues.map(zoneWidth), MIN_WIDTH);
  let y = 0;
  const placed = queues.map((q) => {
    const at = y;
    y += zoneHeight(q, peaks[q.id] ?? 0) + ZONE_GAP;
    return { q, at };
  });
  const legendY = y;
  return (
    <svg
      width={width + 20}
      height={legendY + 30}
      viewBox={`-10 -10 ${width + 20} ${legendY + 30}`}
      role="img"
      aria-label="Check-in hall at the chosen minute"
      fontFamily="system-ui, sans-serif"
    >
      {placed.map(({ q, at }) => (
        <g key={q.id} transform={`translate(0,${at})`}>
          <Zone q={q} pb={pb} minute={minute} />
        </g>
      ))}
      <g transform={`translate(0,${legendY})`} fontSize={11} fill="#1f2933">
        {(Object.keys(COUNTER_FILL) as CounterState[]).map((s, i) => (
          <g key={s} transform={`translate(${i * 140},0)`}>
            <rect width={14} height={12} rx={2} fill={COUNTER_FILL[s]} stroke="#9aa3ad" />
            <text x={20} y={10}>
              Counter {COUNTER_WORD[s]}
            </text>
          </g>
        ))}
        <circle cx={427} cy={6} r={3} fill="#c62828" />
        <text x={436} y={10}>
          One passenger waiting
        </text>
      </g>
    </svg>
  );
});
