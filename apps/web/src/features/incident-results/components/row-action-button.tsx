import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

interface RowActionButtonProps {
  /** The accessible name, e.g. 'Edit incident #12'. */
  label: string;
  /** The short tooltip, e.g. 'Edit'. */
  tooltip: string;
  icon: ReactNode;
  onClick: () => void;
  color?: 'default' | 'primary' | 'error';
}

/** An icon button of a table row, named for the row it acts on. */
export function RowActionButton({ label, tooltip, icon, onClick, color = 'default' }: RowActionButtonProps) {
  return (
    <Tooltip title={tooltip} describeChild>
      <IconButton aria-label={label} size="small" color={color} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
