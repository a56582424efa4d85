import BarChartIcon from '@mui/icons-material/BarChart';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { ReportCard } from './report-cards';

/** How each kind of report reads: the icon and its accessible name (spec 2 §2 'an icon distinguishing'). */
export const REPORT_KIND_LABELS = { search: 'Search report', chart: 'Chart report' } as const;

interface ReportCardItemProps {
  card: ReportCard;
  /** Edit and delete, for a user with REPORT_CREATE. */
  editable: boolean;
  onRun: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * A saved report on the Reports page: its kind's icon, name and description; the heading's button
 * (stretched over the card) runs it; edit and delete in the corner with REPORT_CREATE.
 */
export function ReportCardItem({ card, editable, onRun, onEdit, onDelete }: ReportCardItemProps) {
  const titleId = useId();
  const kindId = useId();
  const { name, description } = card.report;
  const Icon = card.kind === 'chart' ? BarChartIcon : ManageSearchIcon;
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ height: '100%', position: 'relative', '&:hover': { bgcolor: 'action.hover' } }}
    >
      {editable && (
        <Box sx={{ position: 'absolute', top: 4, right: 4, zIndex: 1, display: 'flex' }}>
          <Tooltip title="Edit">
            <IconButton aria-label={`Edit ${name}`} onClick={onEdit} size="small">
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Delete">
            <IconButton aria-label={`Delete ${name}`} onClick={onDelete} size="small" color="error">
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      )}
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', ...(editable && { pr: 11 }) }}>
        <Icon
          color={card.kind === 'chart' ? 'secondary' : 'primary'}
          titleAccess={REPORT_KIND_LABELS[card.kind]}
          id={kindId}
          sx={{ fontSize: 40, flexShrink: 0 }}
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography id={titleId} variant="h2" component="h2" sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
            <ButtonBase
              onClick={onRun}
              disableRipple
              aria-describedby={kindId}
              sx={(theme) => ({
                font: 'inherit',
                color: 'inherit',
                textAlign: 'left',
                position: 'static',
                '&::after': { content: '""', position: 'absolute', inset: 0 },
                '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
              })}
            >
              {name}
            </ButtonBase>
          </Typography>
          {description && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {description}
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
