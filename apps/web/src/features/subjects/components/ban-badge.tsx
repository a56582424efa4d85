import type { BanType } from '@blotter/shared/schemas/subjects';
import BlockIcon from '@mui/icons-material/Block';
import GavelIcon from '@mui/icons-material/Gavel';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Chip from '@mui/material/Chip';
import { BAN_TYPE_LABELS } from '../model/subject-labels';

const ICONS = { ban: <BlockIcon />, trespass: <GavelIcon />, watch: <VisibilityIcon /> } as const;
const COLORS = { ban: 'error', trespass: 'warning', watch: 'info' } as const;
/** White on the warning orange is 3.1:1; dark text on it reads at WCAG AA (4.5:1 and more). */
const DARK_TEXT = { color: 'rgba(0, 0, 0, 0.87)', '& .MuiChip-icon': { color: 'inherit' } } as const;

/** The badge of a subject's strongest active ban, trespass notice or watch. */
export function BanBadge({ banType }: { banType: BanType }) {
  return (
    <Chip
      size="small"
      color={COLORS[banType]}
      icon={ICONS[banType]}
      label={BAN_TYPE_LABELS[banType]}
      sx={banType === 'trespass' ? DARK_TEXT : undefined}
    />
  );
}
