// Stops unsaved edits being lost: the browser's own warning when the page is left or reloaded,
// and a confirmation before an in-app link or the browser's Back and Forward buttons leave the
// screen (wouter has no navigation blocker).
import { useEffect, useRef } from 'react';

/** The part of the Navigation API used here (not yet in TypeScript's DOM types). */
type NavigateEvent = Event & { navigationType: 'push' | 'replace' | 'reload' | 'traverse'; destination: { url: string } };

const UNSAVED_CHANGES_MESSAGE = 'You have unsaved changes. Leave this screen and lose them?';

export function useUnsavedChangesGuard(isDirty: () => boolean): void {
  const dirty = useRef(isDirty);
  dirty.current = isDirty;

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirty.current()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    // Capture phase on the document runs before React's listener on the root, so a refused
    // navigation never reaches wouter's Link.
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
      if (dirty.current() && !window.confirm(UNSAVED_CHANGES_MESSAGE)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    // Back and Forward within the app change the address before popstate, and the app may render
    // the other screen in between; the Navigation API's navigate event comes first and can be
    // cancelled. (Where a browser lacks it, Back is not guarded.)
    const navigation = (window as { navigation?: EventTarget }).navigation;
    const onNavigate = (event: Event) => {
      const { navigationType, destination } = event as NavigateEvent;
      if (navigationType !== 'traverse' || !event.cancelable || !dirty.current()) return;
      if (new URL(destination.url).pathname === window.location.pathname) return;
      if (!window.confirm(UNSAVED_CHANGES_MESSAGE)) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    navigation?.addEventListener('navigate', onNavigate);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      navigation?.removeEventListener('navigate', onNavigate);
    };
  }, []);
}
