// A modal dialog: role=dialog named by its title, focus moved inside on open, Escape closes.
import { useEffect, useId, useRef, type ReactNode } from 'react';

type DialogProps = { title: string; onClose: () => void; children: ReactNode; /** Room for a few sentences (a confirmation that explains). */ wide?: boolean };

export function Dialog({ title, onClose, children, wide = false }: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const first = panel.current?.querySelector<HTMLElement>('input, button, [tabindex]');
    first?.focus();
  }, []);

  return (
    <div className="backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={panel}
        className={wide ? 'dialog dialog--wide' : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => e.key === 'Escape' && onClose()}
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
