// The Playback tab on a real run of the example airport (two replications, with playback): the
// slider and the clock agree, the queues and counters follow the minute, play moves the clock at
// the chosen speed frame by frame, a clicked queue shows its charts; a run without playback says
// how to get one.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import example from '../../../../workers/sim/examples/airport.json';
import { simulateSync } from '../../../../workers/sim/run';
import type { ShownRun } from '../atoms';
import type { AirportInput } from '../../../../common/scenario/documentInput';
import type { AirportOutput } from '../model/results';
import { DEFAULT_SETTINGS } from '../model/settings';
import { PlaybackView } from './PlaybackView';

const document = { ...example, settings: { ...example.settings, playback: true } } as unknown as AirportInput;
const output = simulateSync(document, { replications: 2 }, { clock: () => 0 }) as AirportOutput;
const run = (out: AirportOutput): ShownRun => ({ scenarioId: 1, saved: null, settings: DEFAULT_SETTINGS, document, processes: {}, results: { output: out } });

// Animation frames run when the test says, at the times it gives; a cancelled one does not.
let frames = new Map<number, FrameRequestCallback>();
let nextId = 1;
function frame(at: number) {
  const due = [...frames.values()];
  frames = new Map();
  act(() => due.forEach((f) => f(at)));
}

beforeEach(() => {
  frames = new Map();
  vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => {
    frames.set(nextId, f);
    return nextId++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const clock = () => screen.getByLabelText('Clock').textContent;
const waitingIn = (queue: string) => Number(window.document.querySelector(`[data-floor-queue="${queue}"]`)!.getAttribute('data-waiting'));

describe('the playback view', () => {
  it('shows the flow and the hall at the minute the slider sets', () => {
    render(<PlaybackView run={run(output)} title="Example" />);
    const pb = output.playback!;
    expect(clock()).toBe('03:00');
    expect(screen.getAllByRole('button', { name: /^(Zone A queue 1|Zone A queue 2|Kiosks|Security South|Security North):/ })).toHaveLength(5);
    // The minute the desks hold the most passengers: the hall's dots and the node's words agree.
    const peak = pb.queues.desks.waiting.indexOf(Math.max(...pb.queues.desks.waiting));
    fireEvent.change(screen.getByLabelText('Time of day'), { target: { value: String(pb.start_minutes + peak) } });
    expect(screen.getByRole('figure', { name: /^Flow at / }).getAttribute('aria-label')).toBe(`Flow at ${clock()}`);
    expect(waitingIn('desks')).toBe(Math.round(pb.queues.desks.waiting[peak]));
    expect(window.document.querySelectorAll('[data-floor-queue="desks"] circle')).toHaveLength(Math.round(pb.queues.desks.waiting[peak]));
    expect(screen.getByRole('button', { name: /^Zone A queue 1:/ }).getAttribute('aria-label')).toContain(
      `${Math.round(pb.queues.desks.waiting[peak])} waiting`,
    );
    // Ten desks in their island order, each closed, idle or busy.
    const desks = [...window.document.querySelectorAll('[data-floor-queue="desks"] [data-counter]')];
    expect(desks.map((d) => d.getAttribute('data-counter'))).toEqual(document.flow.queues[0].resources);
    expect(desks.some((d) => d.getAttribute('data-state') === 'busy')).toBe(true);
    const totals = within(screen.getByLabelText('Totals at this minute'));
    expect(Number(totals.getByText('In check-in and security').nextSibling!.textContent!.replace(/,/g, ''))).toBe(Math.round(pb.in_terminal[peak]));
  });

  it('plays at the chosen speed, frame by frame, and pauses', () => {
    render(<PlaybackView run={run(output)} title="Example" />);
    fireEvent.change(screen.getByLabelText('Speed'), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    frame(1000);
    // Half a second at an hour per second.
    frame(1500);
    expect(clock()).toBe('03:30');
    frame(2000);
    expect(clock()).toBe('04:00');
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    frame(3000);
    expect(clock()).toBe('04:00');
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
  });

  it('stops at the end of the day', () => {
    render(<PlaybackView run={run(output)} title="Example" />);
    const end = output.playback!.start_minutes + output.playback!.minutes - 1;
    fireEvent.change(screen.getByLabelText('Time of day'), { target: { value: String(end - 10) } });
    fireEvent.change(screen.getByLabelText('Speed'), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    frame(1000);
    frame(2000);
    expect(Number((screen.getByLabelText('Time of day') as HTMLInputElement).value)).toBe(end);
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
  });

  it('shows a clicked queue with its charts around the minute', () => {
    render(<PlaybackView run={run(output)} title="Example" />);
    fireEvent.change(screen.getByLabelText('Time of day'), { target: { value: '360' } });
    fireEvent.click(screen.getByRole('button', { name: /^Security South:/ }));
    const details = screen.getByRole('region', { name: 'south at 06:00' });
    expect(details.textContent).toMatch(/target 10\)/);
    expect(within(details).getByRole('figure', { name: 'south: two hours around 06:00' })).toBeTruthy();
  });

  it('colours the queues by space per passenger when asked, with the space legend', () => {
    render(<PlaybackView run={run(output)} title="Example" />);
    const desks = output.queues.desks.space!;
    // The report bin where the desks' mean queue was longest: the playback shows means, so it
    // colours by the mean's band (the LoS table's least space is at the peaks instead).
    const m2 = desks.m2_with_trolleys_series;
    const least = m2.values.reduce<number>((best, v, b) => (v !== null && (best < 0 || v < m2.values[best]!) ? b : best), -1);
    const band = desks.band_series.values[least]!;
    fireEvent.change(screen.getByLabelText('Time of day'), { target: { value: String(m2.start_minutes + least * output.bin_minutes) } });
    fireEvent.change(screen.getByLabelText('Colour by'), { target: { value: 'space' } });
    const node = screen.getByRole('button', { name: /^Zone A queue 1:/ });
    expect(node.getAttribute('aria-label')).toContain(`${m2.values[least]!.toFixed(1)} m² per passenger (optimum 1.3–1.8), ${band}`);
    expect(node.getAttribute('data-tone')).toBe({ optimum: 'green', 'sub-optimum': 'red', 'over-design': 'blue' }[band]);
    expect(screen.getByText('Over-design (spacious)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Colour by'), { target: { value: 'wait' } });
    expect(screen.getByText('Mean wait beyond the target')).toBeTruthy();
  });

  it('says how to get a playback when the run kept none', () => {
    const { playback: _none, ...plain } = output;
    render(<PlaybackView run={run(plain as AirportOutput)} title="Example" />);
    expect(screen.getByText(/This run kept no playback/)).toBeTruthy();
  });
});
