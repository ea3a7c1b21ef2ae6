// Play and pause, the time slider over the day, the speed and the clock; and the terminal's
// totals at the minute shown.
import { formatMinutes } from '../../../charts/timeFormat';
import { SPEEDS, type Speed, type Totals } from './model/playbackState';

type Props = {
  span: { from: number; to: number };
  minute: number;
  playing: boolean;
  speed: Speed;
  totals: Totals;
  onPlay: () => void;
  onPause: () => void;
  onSeek: (minute: number) => void;
  onSpeed: (speed: Speed) => void;
  onPeak: () => void;
};

const speedLabel = (s: Speed) => (s === 60 ? '1 hour per second' : `${s} minute${s === 1 ? '' : 's'} per second`);
const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });

export function PlaybackControls({ span, minute, playing, speed, totals, onPlay, onPause, onSeek, onSpeed, onPeak }: Props) {
  return (
    <div className="playback-controls card">
      <div className="playback-controls__row">
        {playing ? (
          <button type="button" className="button button--primary" onClick={onPause}>
            Pause
          </button>
        ) : (
          <button type="button" className="button button--primary" onClick={onPlay}>
            Play
          </button>
        )}
        <output className="playback-controls__clock" aria-label="Clock">
          {formatMinutes(minute)}
        </output>
        <input
          className="playback-controls__slider"
          type="range"
          aria-label="Time of day"
          aria-valuetext={formatMinutes(minute)}
          min={span.from}
          max={span.to}
          step={1}
          value={Math.floor(minute)}
          onChange={(e) => onSeek(Number(e.target.value))}
        />
        <select className="sim-select" aria-label="Speed" value={speed} onChange={(e) => onSpeed(Number(e.target.value) as Speed)}>
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {speedLabel(s)}
            </option>
          ))}
        </select>
        <button type="button" className="button" onClick={onPeak}>
          Go to the check-in peak
        </button>
      </div>
      <dl className="sim-figures" aria-label="Totals at this minute">
        <div>
          {/* Turned up and not yet through security, missed or turned away: the model follows passengers no further. */}
          <dt>In check-in and security</dt>
          <dd>{fmt(totals.inTerminal)}</dd>
        </div>
        <div>
          <dt>In queues</dt>
          <dd>{fmt(totals.inQueues)}</dd>
        </div>
        <div>
          <dt>Missed so far</dt>
          <dd>{totals.missedSoFar.toLocaleString('en-US', { maximumFractionDigits: 1 })}</dd>
        </div>
      </dl>
    </div>
  );
}
