// The collapsible Palette (SPEC section 2): the scenario's inputs, queues, processes and outputs,
// each dragged onto the story canvas or clicked to follow the last step.
import { useState } from 'react';
import type { Palette, PaletteItem } from './model/stories';

/** The drag's data type: the palette item's key. */
export const DRAG_TYPE = 'application/x-pax-story-item';
export const SECTIONS: { key: keyof Palette; title: string }[] = [
  { key: 'inputs', title: 'Inputs' },
  { key: 'queues', title: 'Queues' },
  { key: 'processes', title: 'Processes' },
  { key: 'outputs', title: 'Outputs' },
];

export function StoryPalette({ palette, place }: { palette: Palette; place: (item: PaletteItem) => void }) {
  const [paletteOpen, setPaletteOpen] = useState(true);
  return (
    <aside className={`palette${paletteOpen ? '' : ' palette--closed'}`} aria-label="Palette">
      <div className="palette__header">
        {paletteOpen && <strong>Palette</strong>}
        <button type="button" className="button button--small" aria-expanded={paletteOpen} onClick={() => setPaletteOpen((o) => !o)}>
          {paletteOpen ? 'Hide' : 'Palette'}
        </button>
      </div>
      {paletteOpen &&
        SECTIONS.map((section) => (
          <section key={section.key} className="palette__section" aria-label={section.title}>
            <h2 className="palette__heading">{section.title}</h2>
            {palette[section.key].length === 0 && <p className="muted palette__empty">None in this scenario</p>}
            {palette[section.key].map((item) => (
              <button
                key={item.key}
                type="button"
                className={`palette__item palette__item--${item.template.kind}`}
                draggable
                onDragStart={(e) => {
                  e.dataTransfer.setData(DRAG_TYPE, item.key);
                  e.dataTransfer.effectAllowed = 'copy';
                }}
                onClick={() => place(item)}
                title="Drag onto the canvas, or click to add after the last step"
              >
                {item.label}
              </button>
            ))}
          </section>
        ))}
    </aside>
  );
}
