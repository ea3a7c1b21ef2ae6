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
  });
});
