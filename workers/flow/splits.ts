// The split rules of one segregation on an airline node (SPEC sections 4 and 5), pure so the
// editor, the layout worker and the converters all apply the same ones. A segregation holds
// its split proportions; none means the fixed 100% of an unsplit segregation.

export const SPLIT_STEP = 5;
export const SPLIT_MIN = 0;
export const SPLIT_MAX = 100;
const SPLIT_TOTAL = 100;
/** The first add turns the fixed 100% into two splits of this proportion each. */
const FIRST_SPLIT_PROPORTION = 50;
/** Every later add appends a split of this proportion. */
const NEXT_SPLIT_PROPORTION = 0;

/** A split id names the airline, the segregation and the split's place: `BA|Y|0`. */
export function splitId(airlineCode: string, segregationName: string, index: number): string {
  return `${airlineCode}|${segregationName}|${index}`;
}

/** The parts of a split id, or null when the text is not one. */
export function parseSplitId(id: string): { airlineCode: string; segregationName: string; index: number } | null {
  const parts = id.split('|');
  if (parts.length !== 3 || !/^\d+$/.test(parts[2])) return null;
  return { airlineCode: parts[0], segregationName: parts[1], index: Number(parts[2]) };
}

/** The proportions as shown: the fixed 100% when there are no splits. */
export function shownProportions(splits: readonly number[]): number[] {
  return splits.length === 0 ? [SPLIT_TOTAL] : [...splits];
}

export function addSplit(splits: readonly number[]): number[] {
  return splits.length === 0 ? [FIRST_SPLIT_PROPORTION, FIRST_SPLIT_PROPORTION] : [...splits, NEXT_SPLIT_PROPORTION];
}

/** Removes the split at `index`; the first split (index 0) cannot be removed. */
export function canRemoveSplit(splits: readonly number[], index: number): boolean {
  return index > 0 && index < splits.length;
}

export function removeSplit(splits: readonly number[], index: number): number[] {
  if (!canRemoveSplit(splits, index)) return [...splits];
  return splits.filter((_, i) => i !== index);
}

/** A proportion as the input keeps it: a number within 0 to 100 on the step of 5. */
export function isValidProportion(value: number): boolean {
  return Number.isFinite(value) && value >= SPLIT_MIN && value <= SPLIT_MAX && value % SPLIT_STEP === 0;
}

/** Why a typed proportion is refused, in words; null when it is one. */
export function proportionProblem(text: string): string | null {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) return 'type a number of percent';
  if (value < SPLIT_MIN) return `at least ${SPLIT_MIN} %`;
  if (value > SPLIT_MAX) return `at most ${SPLIT_MAX} %`;
  if (value % SPLIT_STEP !== 0) return `in steps of ${SPLIT_STEP} % (0, 5, 10 ... 100)`;
  return null;
}

/** Sets one proportion; a value that is not a valid proportion changes nothing. */
export function setSplitProportion(splits: readonly number[], index: number, value: number): number[] {
  if (index < 0 || index >= splits.length || !isValidProportion(value)) return [...splits];
  return splits.map((p, i) => (i === index ? value : p));
}

/** Valid when the shown proportions total exactly 100 (no splits: the fixed 100%). */
export function isSegregationValid(splits: readonly number[]): boolean {
  return shownProportions(splits).reduce((sum, p) => sum + p, 0) === SPLIT_TOTAL;
}

/** Where a split moved when the split at `removed` went: old id index to new, removed to null. */
export function indexAfterRemoval(index: number, removed: number): number | null {
  if (index === removed) return null;
  return index > removed ? index - 1 : index;
}

export type SegregationSplits = { airlineCode: string; segregationName: string; splits: number[] };

/** The segregations whose proportions do not total 100, as `code|name` keys. */
export function invalidSegregations(segregations: readonly SegregationSplits[]): string[] {
  return segregations.filter((s) => !isSegregationValid(s.splits)).map((s) => `${s.airlineCode}|${s.segregationName}`);
}
