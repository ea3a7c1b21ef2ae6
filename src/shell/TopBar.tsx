// The shell's top bar: the menu button, the title (product, then the selected project and
// scenario, or 'No Scenario Selected'; mirrored into the document title), who else has the
// scenario open, and the account menu.
import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { MenuIcon } from '../components/icons';
import { selectedScenarioAtom, titleParts } from '../features/projects/scenarioSelection';
import { AccountMenu } from './AccountMenu';
import { ScenarioVisitors } from './ScenarioVisitors';

export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const parts = titleParts(useAtomValue(selectedScenarioAtom));
  const [product, ...context] = parts;
  const documentTitle = parts.join(' · ');

  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);

  return (
    <header className="top-bar">
      <button type="button" className="icon-button icon-button--light" aria-label="Open menu" onClick={onOpenMenu}>
        <MenuIcon />
      </button>
      <p className="top-bar__title">
        <span className="top-bar__product">{product}</span>
        {context.map((part) => (
          <span className="top-bar__context" key={part}>
            {part}
          </span>
        ))}
      </p>
      <ScenarioVisitors />
      <AccountMenu />
    </header>
  );
}
