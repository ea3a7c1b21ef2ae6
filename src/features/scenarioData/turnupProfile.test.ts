import { describe, expect, it } from 'vitest';
import { profileFromValues, sharesRuleMessage, sharesTotal, turnupBars } from './turnupProfile';

describe('turnupBars', () => {
  it('makes one bar per share, the first starting the earliest minutes before STD', () => {
    expect(turnupBars([20, 50, 30], 10, 120)).toEqual([
      { label: '120', fromMinutes: 120, share: 20 },
      { label: '110', fromMinutes: 110, share: 50 },
      { label: '100', fromMinutes: 100, share: 30 },
    ]);
  });

  it('follows the bin width', () => {
    expect(turnupBars([60, 40], 15, 60).map((b) => b.fromMinutes)).toEqual([60, 45]);
  });
});

describe('the 100 % rule', () => {
  it('accepts shares totalling 100, decimals included', () => {
    expect(sharesRuleMessage([33.3, 33.3, 33.4])).toBeUndefined();
    expect(sharesTotal([33.3, 33.3, 33.4])).toBe(100);
  });

  it('says how much is missing', () => {
    expect(sharesRuleMessage([50, 40])).toBe('Shares total 90 %; they must total 100 % (10 % missing).');
  });

  it('says how much is too much', () => {
    expect(sharesRuleMessage([70, 40])).toBe('Shares total 110 %; they must total 100 % (10 % too much).');
  });

  it('refuses a share outside 0 to 100', () => {
    expect(sharesRuleMessage([120, -20])).toBe('Each share must be from 0 to 100 %.');
  });
});

describe('profileFromValues', () => {
  it('reads the values as typed and skips what is not a number yet', () => {
    expect(profileFromValues({ shares: [10, 'x', 90], bin_minutes: 5, earliest_minutes: 30 })).toEqual({
      shares: [10, 90],
      binMinutes: 5,
      earliestMinutes: 30,
    });
  });

  it('falls back to 10-minute bins ending at STD', () => {
    expect(profileFromValues({ shares: [50, 50] })).toEqual({ shares: [50, 50], binMinutes: 10, earliestMinutes: 20 });
  });
});
