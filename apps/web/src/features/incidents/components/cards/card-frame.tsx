import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import type { IncidentPath } from './fields/form-types';

/** How a card names itself from its fields, e.g. the person's full name from the name fields. */
export interface CardName {
  paths: readonly IncidentPath[];
  /** The name from the watched values ('' when there is none: the card's label is used). */
  compute: (values: unknown[]) => string;
}

interface CardFrameProps {
  /** The card's accessible name, e.g. 'Person 1' (stable while the person types). */
  label: string;
  /** The visible heading and the name in 'Remove …'; only the header re-renders when it changes. */
  name?: CardName;
  /** The confirmation question for a name; defaults to 'Are you sure you want to remove {name}?'. */
  removeMessage?: (name: string) => string;
  onRemove: () => void;
  /** The card's form path: the card opens itself when one of its fields has an error. */
  path: IncidentPath;
  /** Shown before the heading (an avatar, an icon, a chip). */
  adornment?: ReactNode;
  children: ReactNode;
}

const NO_PATHS: readonly IncidentPath[] = [];

interface CardHeaderProps extends Pick<CardFrameProps, 'label' | 'name' | 'removeMessage' | 'onRemove' | 'adornment'> {
  expanded: boolean;
  contentId: string;
  onToggle: () => void;
}

/** The header: expand/collapse, the name, and 'Remove {name}' with its confirmation. */
function CardHeader({
  label,
  name,
  removeMessage,
  onRemove,
  adornment,
  expanded,
  contentId,
  onToggle,
}: CardHeaderProps) {
  const [confirming, setConfirming] = useState(false);
  const watched = useWatch({
    name: [...(name?.paths ?? NO_PATHS)],
    compute: (values: unknown[]) => (name ? name.compute(values) : ''),
  });
  const shown = (typeof watched === 'string' && watched.trim()) || label;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <IconButton
        size="small"
        aria-label={`${expanded ? 'Collapse' : 'Expand'} ${label}`}
        aria-expanded={expanded}
        aria-controls={contentId}
        onClick={onToggle}
      >
        {expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      </IconButton>
      {adornment}
      <Typography component="h3" variant="subtitle1" sx={{ flex: 1, minWidth: 0, fontWeight: 500 }} noWrap>
        {shown}
      </Typography>
      <Tooltip title={`Remove ${shown}`}>
        <IconButton aria-label={`Remove ${shown}`} onClick={() => setConfirming(true)}>
          <DeleteOutlinedIcon />
        </IconButton>
      </Tooltip>
      <ConfirmDialog
        open={confirming}
        title="Delete confirmation"
        message={removeMessage ? removeMessage(shown) : `Are you sure you want to remove ${shown}?`}
        confirmLabel="Remove"
        destructive
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onRemove();
        }}
      />
    </Box>
  );
}

/** A collapsible card of a form section with a remove button and its confirmation. */
export function CardFrame({ label, name, removeMessage, onRemove, path, adornment, children }: CardFrameProps) {
  const [open, setOpen] = useState(true);
  const contentId = useId();
  const { errors } = useFormState({ name: path });
  const hasError =
    path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) !==
    undefined;
  const expanded = open || hasError;
  return (
    <Paper
      component="section"
      aria-label={label}
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 }, borderColor: hasError ? 'error.main' : undefined }}
    >
      <CardHeader
        label={label}
        name={name}
        removeMessage={removeMessage}
        onRemove={onRemove}
        adornment={adornment}
        expanded={expanded}
        contentId={contentId}
        onToggle={() => setOpen(!expanded)}
      />
      <Collapse in={expanded} id={contentId} unmountOnExit>
        <Box sx={{ pt: 2 }}>{children}</Box>
      </Collapse>
    </Paper>
  );
}

/** The responsive grid the card fields sit in. */
export function CardGrid({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
      {children}
    </Box>
  );
}

/** A titled group of fields inside a card (Status, Relation, Description…). */
export function CardGroup({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Box role="group" aria-labelledby={titleId} sx={{ mt: 2 }}>
      <Typography id={titleId} variant="overline" component="h4" color="text.secondary">
        {title}
      </Typography>
      {children}
    </Box>
  );
}
