// Crowding by the moment on hand-made queue changes: minutes per level, arrivals by the level
// they find, and the longest queue per bin, bins a queue spans without a change included.
import { describe, expect, it } from 'vitest';
import { QueueLevels } from './queueLevels';

describe('queue levels', () => {
  it('keeps the minutes at each level, the level each arrival finds and each bin peak', () => {
    // Levels: 0 below 1, 1 from 1, 2 from 10, 3 from 14; bins of 5 minutes.
    const levels = new QueueLevels([1, 10, 14], 5, 2);
    levels.arrivalNotJoining(); // served at once: finds nobody
    levels.change(1, 1); // joins, finding nobody
    levels.arrivalNotJoining(); // finds one waiting
    levels.change(6, 15); // a jump, for brevity: one arrival counted, by the level it found (1)
    levels.arrivalNotJoining(); // finds fifteen
    levels.change(7, 0);
    levels.change(8, 12); // joins, finding nobody
    levels.change(8, 11); // same level: no stretch ends
    levels.change(9, 0);
    levels.finish(12);
    expect(levels.result()).toEqual({
      minutes: [1 + 1 + 3, 5, 1, 1],
      found: [3, 2, 0, 1],
      // Bin 1 starts with the one passenger waiting since minute 1, then 15; bin 2 is covered to the end.
      peak: [1, 15, 0],
    });
  });

  it('gives a queue held across bins as the peak of every bin it spans', () => {
    const levels = new QueueLevels([1, 10, 14], 5, 1);
    levels.change(1, 12);
    levels.change(17, 0);
    levels.finish(20);
    expect(levels.result()).toEqual({ minutes: [4, 0, 16, 0], found: [1, 0, 0, 0], peak: [12, 12, 12, 12] });
  });
});
