/**
 * The incident viewer feature (spec 1 §2 Incident viewer, Attachment viewer, History; §4 lifecycle).
 *
 * `IncidentViewer` here is lazy: its code loads on first open, so pages can import it without
 * growing their first load. `./components/incident-viewer` default-exports the same component for
 * pages that prefer their own `lazy()`.
 */

export { DeleteIncidentDialog, type DeleteIncidentDialogProps } from './components/delete-incident-dialog';
export { IncidentVersionsCompare } from './components/history-compare-view';
export type { IncidentEditorRenderOptions, IncidentViewerProps } from './components/incident-viewer';
export { LazyIncidentViewer as IncidentViewer, preloadIncidentViewer } from './components/lazy-incident-viewer';
export { ReopenIncidentDialog, type ReopenIncidentDialogProps } from './components/reopen-incident-dialog';
export type { ViewerMode } from './model/viewer-buttons';
