import Dialog from '@mui/material/Dialog';
import { lazy, Suspense, useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import type { IncidentViewerProps } from './incident-viewer';

// The viewer (sections, history, print, attachment viewer) is its own chunk, loaded on first open.
const Viewer = lazy(() => import('./incident-viewer'));

/** Starts loading the viewer's code, e.g. when the pointer rests on a row's View button. */
export function preloadIncidentViewer() {
  void import('./incident-viewer');
}

/**
 * The incident viewer, loaded when it first opens: pages import this without the viewer's code
 * landing in their own chunk. Once loaded it stays mounted, so closing animates.
 */
export function LazyIncidentViewer(props: IncidentViewerProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense
      fallback={
        <Dialog fullScreen open={props.open} onClose={props.onClose} aria-label="Incident">
          <PageLoader />
        </Dialog>
      }
    >
      <Viewer {...props} />
    </Suspense>
  );
}
