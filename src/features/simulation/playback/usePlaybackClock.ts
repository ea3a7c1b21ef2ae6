// The playback's clock: the minute shown, whether it plays and how fast. While playing, each
// animation frame moves the minute on by the frame's elapsed time at the chosen speed and stops
// at the end of the day; a frame does nothing else, so the main thread stays free.
import { useEffect, useRef, useState } from 'react';
import { nextMinute, type Speed } from './model/playbackState';

export function usePlaybackClock(start: number, end: number, initial: number) {
  const [minute, setMinute] = useState(initial);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<Speed>(15);
  const last = useRef<number | null>(null);

  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    last.current = null;
    const tick = (now: number) => {
      const elapsed = last.current === null ? 0 : now - last.current;
      last.current = now;
      setMinute((m) => nextMinute(m, elapsed, speed, end));
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, speed, end]);

  // The day played to its end stops the playing (outside the state update, which stays pure).
  useEffect(() => {
    if (playing && minute >= end) setPlaying(false);
  }, [playing, minute, end]);

  const play = () => {
    // Playing from the end starts the day again.
    if (minute >= end) setMinute(start);
    setPlaying(true);
  };
  return { minute, setMinute, playing, play, pause: () => setPlaying(false), speed, setSpeed };
}
