// Zoom and pan of a Gantt's time window, kept inside the domain and at least 30 minutes wide.
import { describe, expect, it } from 'vitest';
import { clampWindow, panWindow, zoomWindow } from './viewWindow';

const day: [number, number] = [0, 1440];

describe('the Gantt time window', () => {
  it('zooms about the minute under the pointer', () => {
    expect(zoomWindow({ from: 0, to: 1440 }, 0.5, 720, day)).toEqual({ from: 360, to: 1080 });
    expect(zoomWindow({ from: 0, to: 1440 }, 0.5, 0, day)).toEqual({ from: 0, to: 720 });
  });

  it('never zooms past 30 minutes or out past the domain', () => {
    expect(zoomWindow({ from: 600, to: 640 }, 0.1, 620, day)).toEqual({ from: 605, to: 635 });
    expect(zoomWindow({ from: 600, to: 1200 }, 10, 900, day)).toEqual({ from: 0, to: 1440 });
  });

  it('pans and stops at the ends', () => {
    expect(panWindow({ from: 360, to: 720 }, 60, day)).toEqual({ from: 420, to: 780 });
    expect(panWindow({ from: 360, to: 720 }, -600, day)).toEqual({ from: 0, to: 360 });
    expect(clampWindow({ from: 1300, to: 1500 }, day)).toEqual({ from: 1240, to: 1440 });
  });
});
