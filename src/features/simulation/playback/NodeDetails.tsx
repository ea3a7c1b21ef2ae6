// One queue of the playback, clicked: its state at the minute shown and its charts from the
// results over the two hours around it (passengers waiting and positions open, per minute).
import { ChartFigure } from '../../../charts/ChartFigure';
import { formatMinutes } from '../../../charts/timeFormat';
import { TimeSeriesChart, type TimeSeries } from '../../../charts/TimeSeriesChart';
import type { AirportOutput } from '../model/results';
import { queueStateAt, type Playback } from './model/playbackState';

type Props = { id: string; pb: Playback; output: AirportOutput; minute: number; title: string; onClose: () => void };

const WINDOW = 60;

function around(pb: Playback, values: number[], minute: number): TimeSeries['points'] {
  const from = Math.max(0, Math.floor(minute - WINDOW - pb.start_minutes));
  const to = Math.min(values.length, Math.floor(minute + WINDOW - pb.start_minutes) + 1);
  return values.slice(from, to).map((y, k) => ({ x: pb.start_minutes + from + k, y, low: null, high: null }));
}

export function NodeDetails({ id, pb, output, minute, title, onClose }: Props) {
  const state = queueStateAt(pb, output, id, minute);
  const series = pb.queues[id];
  const queue = output.queues[id];
  const lines: TimeSeries[] = [
    { id: 'waiting', label: 'Passengers waiting', points: around(pb, series.waiting, minute), colour: '#c62828' },
    { id: 'open', label: 'Positions open', points: around(pb, series.open, minute), colour: '#1565c0' },
    { id: 'busy', label: 'Positions busy', points: around(pb, series.busy, minute), colour: '#2e7d32', dashed: true },
  ];
  return (
    <section className="card playback-details" aria-label={`${id} at ${formatMinutes(minute)}`}>
      <div className="playback-details__header">
        <h3 className="chart-figure__title">
          {id} at {formatMinutes(minute)}
        </h3>
        <button type="button" className="button button--small" onClick={onClose}>
          Close
        </button>
      </div>
      <p>
        {state.waiting.toFixed(1)} passengers waiting; {state.busy.toFixed(1)} of {state.open.toFixed(1)} positions busy; passengers joining now wait{' '}
        {state.meanWait === null ? '—' : `${state.meanWait.toFixed(1)} minutes`} on average (target {queue.los_target_minutes}). Over the day{' '}
        {(queue.share_within_target * 100).toFixed(1)} % were served within the target.
      </p>
      <ChartFigure
        title={`${id}: two hours around ${formatMinutes(minute)}`}
        fileName={`${title} ${id} around ${formatMinutes(minute)}`}
        caption="Mean per minute over the replications."
      >
        <TimeSeriesChart series={lines} yLabel="Passengers or positions" domain={[minute - WINDOW, minute + WINDOW]} height={220} />
      </ChartFigure>
    </section>
  );
}
