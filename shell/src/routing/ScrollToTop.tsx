import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** A client-side navigation starts the new page at its top, as a full page load would. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  // The address already shown: the first render (and a repeated effect) is not a navigation.
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    // A link to an anchor scrolls to the anchor instead.
    if (hash) return;
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname, hash]);
  return null;
}
