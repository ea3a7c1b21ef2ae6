// The value axis at few and many replications: fitted to the lines, the bands shown up to half
// again their peak and cut there.
import { describe, expect, it } from 'vitest';
import { clippedHigh, valueAxisTop } from './valueAxis';

describe('the value axis of a chart with bands', () => {
  it('follows the line when two replications make the band many times the mean', () => {
    // The demo's security queue with 2 replications: the mean peaks at 175, the band at 800.
    const points = [
      { y: 20, high: 90 },
      { y: 175, high: 800 },
      { y: 60, high: 300 },
    ];
    const top = valueAxisTop(points);
    expect(top).toBeCloseTo(262.5, 9);
    expect(clippedHigh(800, top)).toBe(top);
    expect(clippedHigh(90, top)).toBe(90);
  });

  it('shows the whole band when it is narrow, as with many replications', () => {
    expect(
      valueAxisTop([
        { y: 175, high: 190 },
        { y: 100, high: 104 },
      ]),
    ).toBe(190);
    expect(valueAxisTop([{ y: 175, high: null }])).toBeCloseTo(183.75, 9);
    expect(valueAxisTop([{ y: 0, high: 0 }])).toBe(1);
  });
});
