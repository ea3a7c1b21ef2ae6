// The temporary left drawer (SPEC section 2): opens from the menu button, closes from its close
// arrow, on Escape, on the backdrop, or by choosing a link. Staff also see Users.
import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useLocation } from 'wouter';
import { currentUserAtom } from '../auth/atoms';
import { ChevronLeftIcon } from '../components/icons';

type NavLink = { label: string; to: string };
type NavSection = { heading: string | null; links: NavLink[]; staffOnly?: boolean };

const NAV_SECTIONS: NavSection[] = [
  { heading: null, links: [{ label: 'Projects', to: '/app/projects' }] },
  {
    heading: 'Baggage',
    links: [
      { label: 'Configuration', to: '/app/allocation/config' },
      { label: 'Flights', to: '/app/allocation/flight' },
      { label: 'Containers', to: '/app/allocation/container' },
    ],
  },
  { heading: 'Checkin', links: [{ label: 'Flows', to: '/app/checkin/flows' }] },
  { heading: null, links: [{ label: 'Simulation', to: '/app/simulation' }] },
  { heading: null, links: [{ label: 'History', to: '/app/history' }] },
  { heading: null, links: [{ label: 'Users', to: '/app/users' }], staffOnly: true },
];

export function NavDrawer({ onClose }: { onClose: () => void }) {
  const [location] = useLocation();
  const isStaff = useAtomValue(currentUserAtom)?.is_staff ?? false;
  const sections = NAV_SECTIONS.filter((section) => isStaff || !section.staffOnly);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => closeButton.current?.focus(), []);

  return (
    <div className="backdrop backdrop--drawer" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <aside className="drawer" role="dialog" aria-modal="true" aria-label="Main menu" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
        <div className="drawer__header">
          <button ref={closeButton} type="button" className="icon-button" aria-label="Close menu" onClick={onClose}>
            <ChevronLeftIcon />
          </button>
        </div>
        <nav aria-label="Main">
          {sections.map((section, index) => (
            <div className="drawer__section" key={section.heading ?? `section-${index}`}>
              {section.heading && <h2 className="drawer__heading">{section.heading}</h2>}
              <ul>
                {section.links.map((link) => (
                  <li key={link.to}>
                    <Link
                      href={link.to}
                      className={`drawer__link${section.heading ? ' drawer__link--nested' : ''}`}
                      aria-current={location === link.to ? 'page' : undefined}
                      onClick={onClose}
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </aside>
    </div>
  );
}
