import { useEffect, useState } from 'react';
import { announceOpenCopy, watchOpenCopy } from '../utils/copy-presence';

/** While the form shows a working copy, other tabs learn that it is open here. */
export function useAnnounceOpenCopy(id: string): void {
  useEffect(() => announceOpenCopy(id), [id]);
}

/** Whether another tab of this browser has the copy open in its form right now. */
export function useCopyOpenElsewhere(id: string | undefined): boolean {
  const [tabs, setTabs] = useState(0);
  useEffect(() => {
    setTabs(0);
    if (!id) return;
    return watchOpenCopy(id, setTabs);
  }, [id]);
  return tabs > 0;
}
