import Tooltip from '@mui/material/Tooltip';

/**
 * Shows why a control is disabled on hover and focus. A disabled control gets no pointer events,
 * so a span carries the tooltip; with no reason the control is left as it is.
 */
export function WithReason({ reason, children }: { reason: string | null; children: React.ReactElement }) {
  if (!reason) return children;
  return (
    <Tooltip title={reason} describeChild>
      <span>{children}</span>
    </Tooltip>
  );
}
