// The clock format of the time axes and its inverse for typed time ranges.
import { describe, expect, it } from 'vitest';
import { formatMinutes, parseMinutes } from './timeFormat';

describe('formatMinutes and parseMinutes', () => {
  it('writes minutes of the design day as a clock, marking the days before and after', () => {
    expect(formatMinutes(425)).toBe('07:05');
    expect(formatMinutes(1470)).toBe('00:30 +1');
    expect(formatMinutes(-30)).toBe('23:30 -1');
  });

  it('reads the clock back and refuses what is not a time', () => {
    expect(parseMinutes('07:05')).toBe(425);
    expect(parseMinutes('00:30 +1')).toBe(1470);
    expect(parseMinutes('24:00')).toBeNull();
    expect(parseMinutes('7')).toBeNull();
    // As the Gantt's window and the allocation times table write them, and as planners type them.
    expect(['02:00', '00:00 +1', '00:30 +1', '23:30 -1', '00:00 +2'].map(parseMinutes)).toEqual([120, 1440, 1470, -30, 2880]);
    expect([' 7:05 ', '23:59+1'].map(parseMinutes)).toEqual([425, 2879]);
    expect(['24:00', '12:60', '12', '12:5', 'noon', '12:00 +', ''].map(parseMinutes)).toEqual(Array(7).fill(null));
  });
});
