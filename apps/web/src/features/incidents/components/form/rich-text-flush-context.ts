import { createContext, useContext } from 'react';
import type { FlushRegistry } from '../../utils/flush-registry';

/** Lets the form flush rich-text fields that are still holding back typed text (debounced). */
export const RichTextFlushContext = createContext<FlushRegistry | null>(null);

/** The registry of the surrounding entry form, or null outside one. */
export function useRichTextFlushRegistry(): FlushRegistry | null {
  return useContext(RichTextFlushContext);
}
