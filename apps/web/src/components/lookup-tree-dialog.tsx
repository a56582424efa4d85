import type { LookupNode } from '@blotter/shared/schemas/lookups';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { activeTree, ancestorIds } from '../lib/lookup-tree';

interface LookupTreeDialogProps {
  open: boolean;
  title: string;
  /** Accessible name of the tree's list, e.g. 'Incident classes'. */
  listLabel: string;
  tree: readonly LookupNode[];
  selectedId: string;
  onSelect: (id: string) => void;
  /** Offered when a choice may be removed (not for a required field). */
  onClear?: () => void;
  onClose: () => void;
  /** Offers inactive nodes too (a search finds incidents filed under a retired class). */
  includeInactive?: boolean;
}

interface BranchProps {
  listLabel: string;
  nodes: readonly LookupNode[];
  depth: number;
  selectedId: string;
  expanded: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onSelect: (id: string) => void;
}

function Branch({ listLabel, nodes, depth, selectedId, expanded, onToggle, onSelect }: BranchProps) {
  return (
    <List disablePadding aria-label={depth === 0 ? listLabel : undefined}>
      {nodes.map((node) => {
        const open = expanded.has(node.id);
        const hasChildren = node.children.length > 0;
        return (
          <li key={node.id}>
            <ListItem
              component="div"
              disablePadding
              secondaryAction={
                hasChildren ? (
                  <IconButton
                    edge="end"
                    aria-label={`${open ? 'Collapse' : 'Expand'} ${node.name}`}
                    aria-expanded={open}
                    onClick={() => onToggle(node.id)}
                  >
                    {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                  </IconButton>
                ) : undefined
              }
            >
              <ListItemButton
                aria-current={node.id === selectedId ? 'true' : undefined}
                selected={node.id === selectedId}
                onClick={() => onSelect(node.id)}
                sx={{ pl: 2 + depth * 3 }}
              >
                <ListItemText primary={node.name} />
              </ListItemButton>
            </ListItem>
            {hasChildren && (
              <Collapse in={open} timeout="auto" unmountOnExit>
                <Branch
                  listLabel={listLabel}
                  nodes={node.children}
                  depth={depth + 1}
                  selectedId={selectedId}
                  expanded={expanded}
                  onToggle={onToggle}
                  onSelect={onSelect}
                />
              </Collapse>
            )}
          </li>
        );
      })}
    </List>
  );
}

/** Picks a node of a lookup tree (class, location, root cause); only active nodes unless includeInactive. */
export function LookupTreeDialog({
  open,
  title,
  listLabel,
  tree,
  selectedId,
  onSelect,
  onClear,
  onClose,
  includeInactive = false,
}: LookupTreeDialogProps) {
  const titleId = useId();
  const nodes = useMemo(() => (includeInactive ? [...tree] : activeTree(tree)), [tree, includeInactive]);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(ancestorIds(tree, selectedId)));

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" scroll="paper">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {nodes.length === 0 ? (
          <Typography sx={{ p: 3 }} color="text.secondary">
            Nothing is set up in this list yet. An administrator adds entries under Administration.
          </Typography>
        ) : (
          <Branch
            listLabel={listLabel}
            nodes={nodes}
            depth={0}
            selectedId={selectedId}
            expanded={expanded}
            onToggle={toggle}
            onSelect={onSelect}
          />
        )}
      </DialogContent>
      <DialogActions>
        {onClear && selectedId && <Button onClick={onClear}>Clear</Button>}
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
