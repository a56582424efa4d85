import { useCallback, useEffect, useRef } from 'react';

/** The CSS variable the toast container adds to its bottom indent (see AppProviders). */
export const TOAST_OFFSET_VAR = '--toast-offset';

/**
 * A ref for a bar fixed at the bottom of the view (the form's sticky Save bar): while it is shown,
 * toasts (bottom centre, spec 1 §8) stand above it instead of covering its buttons.
 */
export function useToastOffset<T extends HTMLElement>() {
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((node: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    const root = document.documentElement.style;
    if (!node) {
      root.removeProperty(TOAST_OFFSET_VAR);
      return;
    }
    const measure = () => root.setProperty(TOAST_OFFSET_VAR, `${Math.ceil(node.getBoundingClientRect().height)}px`);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(measure);
    observer.current.observe(node);
  }, []);
  useEffect(
    () => () => {
      observer.current?.disconnect();
      document.documentElement.style.removeProperty(TOAST_OFFSET_VAR);
    },
    [],
  );
  return ref;
}
