// Every split rule of SPEC sections 4 (split editing) and 5 (proportion input).
import { describe, expect, it } from 'vitest';
import {
  addSplit,
  canRemoveSplit,
  indexAfterRemoval,
  invalidSegregations,
  isSegregationValid,
  isValidProportion,
  proportionProblem,
  parseSplitId,
  removeSplit,
  setSplitProportion,
  shownProportions,
  splitId,
} from './splits';

describe('split editing', () => {
  it('starts with no splits and shows a fixed 100%', () => {
    expect(shownProportions([])).toEqual([100]);
    expect(isSegregationValid([])).toBe(true);
  });

  it('makes two splits of 50% on the first add', () => {
    expect(addSplit([])).toEqual([50, 50]);
  });

  it('appends a 0% split on every later add', () => {
    expect(addSplit([50, 50])).toEqual([50, 50, 0]);
    expect(addSplit([50, 50, 0])).toEqual([50, 50, 0, 0]);
  });

  it('removes any split but the first', () => {
    expect(canRemoveSplit([50, 30, 20], 0)).toBe(false);
    expect(removeSplit([50, 30, 20], 0)).toEqual([50, 30, 20]);
    expect(canRemoveSplit([50, 30, 20], 1)).toBe(true);
    expect(removeSplit([50, 30, 20], 1)).toEqual([50, 20]);
    expect(removeSplit([50, 30, 20], 2)).toEqual([50, 30]);
    expect(canRemoveSplit([50, 50], 2)).toBe(false);
  });

  it('keeps the first split when it is the only one left, which makes the sum invalid', () => {
    const one = removeSplit([50, 50], 1);
    expect(one).toEqual([50]);
    expect(isSegregationValid(one)).toBe(false);
    expect(canRemoveSplit(one, 0)).toBe(false);
  });

  it('edits a proportion', () => {
    expect(setSplitProportion([50, 50], 1, 45)).toEqual([50, 45]);
  });

  it('renumbers the splits after the removed one', () => {
    expect(indexAfterRemoval(0, 1)).toBe(0);
    expect(indexAfterRemoval(1, 1)).toBeNull();
    expect(indexAfterRemoval(2, 1)).toBe(1);
  });
});

describe('proportion input', () => {
  it('accepts 0 to 100 in steps of 5 only', () => {
    for (const ok of [0, 5, 50, 95, 100]) expect(isValidProportion(ok)).toBe(true);
    for (const bad of [-5, 105, 3, 52.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(isValidProportion(bad)).toBe(false);
    // What the input says of a refused value.
    expect(proportionProblem('33')).toBe('in steps of 5 % (0, 5, 10 ... 100)');
    expect(proportionProblem('150')).toBe('at most 100 %');
    expect(proportionProblem('-5')).toBe('at least 0 %');
    expect(proportionProblem('')).toBe('type a number of percent');
    expect(proportionProblem('35')).toBeNull();
  });

  it('ignores an edit outside the rules', () => {
    expect(setSplitProportion([50, 50], 1, 42)).toEqual([50, 50]);
    expect(setSplitProportion([50, 50], 1, 110)).toEqual([50, 50]);
    expect(setSplitProportion([50, 50], 5, 10)).toEqual([50, 50]);
  });

  it('needs the proportions of one segregation to total exactly 100', () => {
    expect(isSegregationValid([50, 50])).toBe(true);
    expect(isSegregationValid([50, 45, 5])).toBe(true);
    expect(isSegregationValid([50, 45])).toBe(false);
    expect(isSegregationValid([50, 50, 5])).toBe(false);
    expect(isSegregationValid([100, 0])).toBe(true);
  });

  it('names the invalid segregations', () => {
    expect(
      invalidSegregations([
        { airlineCode: 'AA', segregationName: 'J', splits: [] },
        { airlineCode: 'AA', segregationName: 'Y', splits: [50, 45] },
        { airlineCode: 'DL', segregationName: 'Y', splits: [60, 40] },
      ]),
    ).toEqual(['AA|Y']);
  });
});

describe('split ids', () => {
  it('are airlineCode|segregationName|index and read back', () => {
    expect(splitId('B6', 'Y', 2)).toBe('B6|Y|2');
    expect(parseSplitId('B6|Y|2')).toEqual({ airlineCode: 'B6', segregationName: 'Y', index: 2 });
    expect(parseSplitId('B6|Y')).toBeNull();
    expect(parseSplitId('B6|Y|x')).toBeNull();
  });
});
