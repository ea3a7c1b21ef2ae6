// Erlang C against textbook values, the factorial formula and the M/M/c limits.
import { describe, expect, it } from 'vitest';
import { erlangC, meanWait, waitExceeds } from './erlang';

/** The textbook formula with factorials, fine for small numbers. */
function direct(c: number, a: number): number {
  let sum = 0;
  let term = 1;
  for (let k = 0; k < c; k++) {
    sum += term;
    term = (term * a) / (k + 1);
  }
  const top = (term * c) / (c - a);
  return top / (sum + top);
}

describe('erlangC', () => {
  it('matches known values', () => {
    // 2 Erlangs on 3 servers: P(wait) = 4/9.
    expect(erlangC(3, 2)).toBeCloseTo(4 / 9, 12);
    // One server: P(wait) = utilisation.
    expect(erlangC(1, 0.7)).toBeCloseTo(0.7, 12);
    // Classic call-centre table value: 10 agents, 8 Erlangs, P(wait) ≈ 0.409.
    expect(erlangC(10, 8)).toBeCloseTo(0.4092, 4);
  });

  it('agrees with the factorial formula and stays finite for many servers', () => {
    for (const [c, a] of [
      [2, 1.5],
      [5, 3.2],
      [12, 11],
      [30, 24.5],
    ]) {
      expect(erlangC(c, a)).toBeCloseTo(direct(c, a), 10);
    }
    const many = erlangC(400, 380);
    expect(many).toBeGreaterThan(0);
    expect(many).toBeLessThan(1);
  });

  it('is 1 when overloaded and 0 without traffic', () => {
    expect(erlangC(3, 3)).toBe(1);
    expect(erlangC(3, 5)).toBe(1);
    expect(erlangC(3, 0)).toBe(0);
    expect(() => erlangC(-1, 1)).toThrow(RangeError);
  });

  it('gives the M/M/c wait distribution', () => {
    // M/M/1 with λ=0.5, μ=1: mean wait ρ/(μ-λ) = 1, P(W > 1) = ρ e^{-(μ-λ)}.
    expect(meanWait(1, 0.5, 1)).toBeCloseTo(1, 12);
    expect(waitExceeds(1, 0.5, 1, 1)).toBeCloseTo(0.5 * Math.exp(-0.5), 12);
    expect(waitExceeds(2, 3, 1, 5)).toBe(1);
  });
});
