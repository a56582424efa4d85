import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Spec 1 §2: the page scrolls to the top on each path change. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    // Runs for every new pathname; the value itself is not needed.
    void pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
