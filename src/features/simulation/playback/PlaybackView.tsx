// The Playback tab of a run: the flow and the check-in hall at the minute the slider or the
// clock shows, the terminal's totals, and a clicked queue's charts around that minute. Each
// picture exports as SVG or PNG, a snapshot of the chosen minute for reports.
import { useMemo, useState } from 'react';
import { ChartFigure } from '../../../charts/ChartFigure';
import { formatMinutes } from '../../../charts/timeFormat';
import type { ShownRun } from '../atoms';
import type { AirportInput } from '../../../../common/scenario/documentInput';
import type { AirportOutput } from '../model/results';
import { layoutFlow } from './model/flowLayout';
import { busiestMinute, playbackSpan, totalsAt, type ColourBy, type Playback } from './model/playbackState';
import { NodeDetails } from './NodeDetails';
import { PlaybackControls } from './PlaybackControls';
import { PlaybackFloor, type FloorQueue } from './PlaybackFloor';
import { PlaybackFlow } from './PlaybackFlow';
import { usePlaybackClock } from './usePlaybackClock';

type Props = { run: ShownRun; title: string };

const COLOUR_WORDS: Record<ColourBy, string> = {
  wait: 'the mean wait of the passengers joining it then against its target',
  space: 'its space per waiting passenger with trolleys against the optimum range',
};

export function PlaybackView({ run, title }: Props) {
  const { playback } = run.results.output;
  if (!playback) {
    return <p className="notice">This run kept no playback. Tick “Keep the playback (minute by minute)” in the set-up and run the simulation again.</p>;
  }
  return <Player pb={playback} output={run.results.output} document={run.document} title={title} />;
}

type PlayerProps = { pb: Playback; output: AirportOutput; document: AirportInput; title: string };

function Player({ pb, output, document, title }: PlayerProps) {
  const diagram = useMemo(() => layoutFlow(document.flow), [document]);
  const floor = useMemo<FloorQueue[]>(
    () => document.flow.queues.filter((q) => output.queues[q.id]?.kind === 'checkin').map((q) => ({ id: q.id, label: q.name || q.id, counters: q.resources })),
    [document, output],
  );
  const peaks = useMemo(() => Object.fromEntries(Object.entries(pb.queues).map(([id, q]) => [id, Math.max(0, ...q.waiting)])), [pb]);
  const span = playbackSpan(pb);
  const clock = usePlaybackClock(span.from, span.to, span.from);
  const [selected, setSelected] = useState<string | null>(null);
  const [colourBy, setColourBy] = useState<ColourBy>('wait');
  const minute = Math.floor(clock.minute);
  const at = formatMinutes(minute);

  return (
    <div className="playback">
      <PlaybackControls
        span={span}
        minute={minute}
        playing={clock.playing}
        speed={clock.speed}
        totals={totalsAt(pb, minute)}
        onPlay={clock.play}
        onPause={clock.pause}
        onSeek={clock.setMinute}
        onSpeed={clock.setSpeed}
        onPeak={() =>
          clock.setMinute(
            busiestMinute(
              pb,
              floor.map((q) => q.id),
            ),
          )
        }
      />
      <ChartFigure
        title={`Flow at ${at}`}
        fileName={`${title} flow at ${at}`}
        caption={`Each queue's passengers waiting (the bar is full at the most it held all day) and its positions busy and open, coloured by ${COLOUR_WORDS[colourBy]} (per ${output.bin_minutes} minutes). Click a queue for its charts. Means over ${output.replications} replication${output.replications === 1 ? '' : 's'}.`}
        controls={
          <select className="sim-select" aria-label="Colour by" value={colourBy} onChange={(e) => setColourBy(e.target.value as ColourBy)}>
            <option value="wait">Colour by waiting time</option>
            <option value="space">Colour by space</option>
          </select>
        }
      >
        <div className="playback__canvas">
          <PlaybackFlow
            diagram={diagram}
            colourBy={colourBy}
            pb={pb}
            output={output}
            minute={minute}
            peaks={peaks}
            selected={selected}
            onSelect={setSelected}
          />
        </div>
      </ChartFigure>
      {selected && output.queues[selected] && (
        <NodeDetails id={selected} pb={pb} output={output} minute={minute} title={title} onClose={() => setSelected(null)} />
      )}
      {floor.length > 0 && (
        <ChartFigure
          title={`Check-in hall at ${at}`}
          fileName={`${title} check-in hall at ${at}`}
          caption="Each check-in queue's counters in their island order and its passengers waiting in front of them, one dot each. A counter is open when it was open most of the minute over the replications, busy when it served most of it."
        >
          <div className="playback__canvas">
            <PlaybackFloor queues={floor} pb={pb} minute={minute} peaks={peaks} />
          </div>
        </ChartFigure>
      )}
    </div>
  );
}
