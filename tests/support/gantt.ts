// What the browser tests find on a Gantt screen.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

type Box = { x: number; y: number; width: number; height: number };

/**
 * A bar and a position lane in view where it fits at the same times, with a margin for the
 * buffer (the lanes of segregations not placed have no label and are no target).
 */
export async function findFreeMove(page: Page): Promise<{ id: string; from: Box & { grabY: number }; to: { x: number; y: number } }> {
  const bars = await page.locator('[data-bar]').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      // A stepped block (an airline's phases) is grabbed in its top lane, which every phase holds.
      const grabY = el.getAttribute('aria-label')?.includes(' phases') ? r.y + 9 : r.y + r.height / 2;
      return { id: el.getAttribute('data-bar') as string, x: r.x, y: r.y, width: r.width, height: r.height, grabY };
    }),
  );
  const viewport = await page.locator('.gantt__viewport').boundingBox();
  const lanes = await page.locator('.gantt__lane-label').evaluateAll((els) =>
    els
      .filter((el) => el.textContent?.trim())
      .map((el) => el.getBoundingClientRect())
      .map((r) => ({ top: r.top, bottom: r.bottom })),
  );
  const inView = lanes.filter((l) => viewport && l.top >= viewport.y + 40 && l.bottom <= viewport.y + viewport.height - 4);
  const margin = 14;
  for (const bar of bars.filter((b) => b.width > 40 && b.x > 300)) {
    for (const lane of inView) {
      const centre = (lane.top + lane.bottom) / 2;
      if (centre > bar.y && centre < bar.y + bar.height) continue;
      const blocked = bars.some(
        (o) => o.id !== bar.id && centre > o.y && centre < o.y + o.height && o.x < bar.x + bar.width + margin && o.x + o.width + margin > bar.x,
      );
      if (!blocked) return { id: bar.id, from: bar, to: { x: bar.x + bar.width / 2, y: centre } };
    }
  }
  throw new Error('no free position in view for any bar');
}

/** A bar the allocation placed (not `locked`), with room after it on its lane: a move right by key leaves no overlap. */
export async function barWithRoomAfter(page: Page, locked: string): Promise<string> {
  const id = await page.locator('[data-bar]').evaluateAll((els, lockedId) => {
    const boxes = els.map((el) => ({ id: el.getAttribute('data-bar')!, r: el.getBoundingClientRect() }));
    const free = boxes.find(
      (b) =>
        Number(b.id) > 0 &&
        b.id !== lockedId &&
        b.r.x > 300 &&
        !boxes.some((o) => o !== b && Math.abs(o.r.y - b.r.y) < 2 && o.r.x >= b.r.right - 1 && o.r.x < b.r.right + 40),
    );
    return free?.id ?? null;
  }, locked);
  expect(id).not.toBeNull();
  return id!;
}
