// The simulated flow at one minute: every check-in queue and security checkpoint as a box
// coloured by its level of service, with a bar for the passengers waiting (full width: the most
// that queue held all day) and its positions open and busy. Plain SVG, so a snapshot exports as
// drawn; a click on a box selects it.
import { memo } from 'react';
import type { SpaceBand } from '../../../../workers/sim/space';
import type { AirportOutput } from '../model/results';
import { QUEUE_HEIGHT, type DiagramNode, type FlowDiagram } from './model/flowLayout';
import { queueStateAt, spaceAt, type ColourBy, type LosColour, type Playback } from './model/playbackState';

type Tone = LosColour | 'blue';
const FILL: Record<Tone, string> = { green: '#dcefdc', amber: '#fbe7c2', red: '#f6d0d0', idle: '#f1f3f5', blue: '#dbe9f8' };
const STROKE: Record<Tone, string> = { green: '#2e7d32', amber: '#b26a00', red: '#c62828', idle: '#9aa3ad', blue: '#1565c0' };
const SPACE_TONE: Record<SpaceBand, Tone> = { optimum: 'green', 'sub-optimum': 'red', 'over-design': 'blue' };

/** The legend of each colouring: tone and words, in the exported picture too. */
const LEGENDS: Record<ColourBy, [Tone, string][]> = {
  wait: [
    ['green', 'Mean wait ≤ half the target'],
    ['amber', 'Mean wait ≤ the target'],
    ['red', 'Mean wait beyond the target'],
    ['idle', 'Nobody joining'],
  ],
  space: [
    ['green', 'Space optimum'],
    ['red', 'Sub-optimum (crowded)'],
    ['blue', 'Over-design (spacious)'],
    ['idle', 'Fewer than one waiting'],
  ],
};
const LEGEND_GAP = 18;

type Props = {
  diagram: FlowDiagram;
  colourBy: ColourBy;
  pb: Playback;
  output: AirportOutput;
  minute: number;
  /** The most passengers each queue held in any minute: its bar's full width. */
  peaks: Record<string, number>;
  selected: string | null;
  onSelect: (id: string) => void;
};

const fmt = (n: number) => (n < 10 ? n.toFixed(1) : Math.round(n).toString());

function Edge({ from, to }: { from: DiagramNode; to: DiagramNode }) {
  const x1 = from.x + from.width;
  const y1 = from.y + from.height / 2;
  const x2 = to.x;
  const y2 = to.y + to.height / 2;
  const mid = (x1 + x2) / 2;
  return <path d={`M${x1},${y1} C${mid},${y1} ${mid},${y2} ${x2 - 4},${y2}`} fill="none" stroke="#b8c0c8" strokeWidth={1.2} markerEnd="url(#playback-arrow)" />;
}

/** A queue's colour and its last line of words under the chosen colouring. */
function toneOf(props: Props, id: string): { tone: Tone; words: string } {
  const { pb, output, minute } = props;
  const queue = output.queues[id];
  if (props.colourBy === 'space') {
    const { m2, band } = spaceAt(queue, output.bin_minutes, minute);
    const optimum = queue.space?.optimum_m2_per_passenger;
    const range = optimum ? ` (optimum ${optimum[0]}–${optimum[1]})` : '';
    return band === null || m2 === null
      ? { tone: 'idle', words: `fewer than one waiting${range}` }
      : { tone: SPACE_TONE[band], words: `${fmt(m2)} m² per passenger${range}, ${band}` };
  }
  const state = queueStateAt(pb, output, id, minute);
  const words = state.meanWait === null ? 'nobody joining' : `joining now wait ${fmt(state.meanWait)} min (target ${queue.los_target_minutes})`;
  return { tone: state.los, words };
}

function QueueBox({ node, props }: { node: DiagramNode; props: Props }) {
  const state = queueStateAt(props.pb, props.output, node.id, props.minute);
  const { tone, words } = toneOf(props, node.id);
  const peak = props.peaks[node.id] || 1;
  const barWidth = (node.width - 16) * Math.min(1, state.waiting / peak);
  const label = `${node.label}: ${fmt(state.waiting)} waiting, ${fmt(state.open)} open, ${fmt(state.busy)} busy, ${words}`;
  return (
    <g
      transform={`translate(${node.x},${node.y})`}
      role="button"
      tabIndex={0}
      aria-label={label}
      aria-pressed={props.selected === node.id}
      data-queue={node.id}
      data-waiting={state.waiting}
      data-tone={tone}
      className="playback-node"
      onClick={() => props.onSelect(node.id)}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && props.onSelect(node.id)}
    >
      <title>{label}</title>
      <rect width={node.width} height={QUEUE_HEIGHT} rx={6} fill={FILL[tone]} stroke={STROKE[tone]} strokeWidth={props.selected === node.id ? 3 : 1.5} />
      <text x={8} y={17} fontSize={12} fontWeight={600} fill="#1f2933">
        {node.label.length > 28 ? `${node.label.slice(0, 27)}…` : node.label}
      </text>
      <rect x={8} y={26} width={node.width - 16} height={12} rx={2} fill="#ffffff" stroke="#d6d6d6" />
      <rect x={8} y={26} width={barWidth} height={12} rx={2} fill={STROKE[tone]} />
      <text x={8} y={56} fontSize={11} fill="#1f2933">
        {fmt(state.waiting)} waiting · {fmt(state.busy)} busy of {fmt(state.open)} open
      </text>
      <text x={8} y={69} fontSize={10} fill="#52606d">
        {words}
      </text>
    </g>
  );
}

function AirlineBox({ node }: { node: DiagramNode }) {
  return (
    <g transform={`translate(${node.x},${node.y})`}>
      <rect width={node.width} height={node.height} rx={15} fill="#e6f0fb" stroke="#6b9bd1" />
      <text x={node.width / 2} y={node.height / 2 + 4} fontSize={12} textAnchor="middle" fill="#1f2933">
        {node.label}
      </text>
    </g>
  );
}

export const PlaybackFlow = memo(function PlaybackFlow(props: Props) {
  const { diagram } = props;
  const byId = new Map(diagram.nodes.map((n) => [n.id, n]));
  return (
    <svg
      width={Math.max(diagram.width, 760) + 20}
      height={diagram.height + LEGEND_GAP + 32}
      viewBox={`-10 -10 ${Math.max(diagram.width, 760) + 20} ${diagram.height + LEGEND_GAP + 32}`}
      role="img"
      aria-label="Flow at the chosen minute"
      fontFamily="system-ui, sans-serif"
    >
      <defs>
        <marker id="playback-arrow" viewBox="0 0 8 8" refX={7} refY={4} markerWidth={7} markerHeight={7} orient="auto">
          <path d="M0,0 L8,4 L0,8 z" fill="#b8c0c8" />
        </marker>
      </defs>
      {diagram.edges.map((e) => {
        const from = byId.get(e.from);
        const to = byId.get(e.to);
        return from && to ? <Edge key={`${e.from}-${e.to}`} from={from} to={to} /> : null;
      })}
      {diagram.nodes.map((n) => (n.kind === 'airline' ? <AirlineBox key={n.id} node={n} /> : <QueueBox key={n.id} node={n} props={props} />))}
      <g transform={`translate(0,${diagram.height + LEGEND_GAP})`} fontSize={11} fill="#1f2933">
        {LEGENDS[props.colourBy].map(([tone, words], i) => (
          <g key={tone} transform={`translate(${i * 190},0)`}>
            <rect width={14} height={12} rx={2} fill={FILL[tone]} stroke={STROKE[tone]} />
            <text x={20} y={10}>
              {words}
            </text>
          </g>
        ))}
      </g>
    </svg>
  );
});
