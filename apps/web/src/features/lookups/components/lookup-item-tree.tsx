import type { LookupNode } from '@blotter/shared/schemas/lookups';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { canHaveChild, isTreeType } from '../model/lookup-types';

/** What the signed-in user may do (spec 3 §6: each button needs its privilege). */
export interface LookupActions {
  canAdd: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onAddChild: (node: LookupNode) => void;
  onEdit: (node: LookupNode) => void;
  onToggleActive: (node: LookupNode) => void;
  onDelete: (node: LookupNode) => void;
  /** Locations only: the attach-address dialog. */
  onAddress?: (node: LookupNode) => void;
}

interface LookupItemTreeProps {
  label: string;
  nodes: readonly LookupNode[];
  expanded: ReadonlySet<string>;
  onToggle: (id: string) => void;
  actions: LookupActions;
  depth?: number;
}

function Action({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        {children}
      </IconButton>
    </Tooltip>
  );
}

function RowActions({ node, actions }: { node: LookupNode; actions: LookupActions }) {
  const { canAdd, canEdit, canDelete } = actions;
  return (
    <Box sx={{ display: 'flex', flexShrink: 0 }}>
      {canAdd && canHaveChild(node.type, node.level) && (
        <Action label={`Add child to ${node.name}`} onClick={() => actions.onAddChild(node)}>
          <AddIcon fontSize="small" />
        </Action>
      )}
      {canEdit && (
        <Action label={`Edit ${node.name}`} onClick={() => actions.onEdit(node)}>
          <EditOutlinedIcon fontSize="small" />
        </Action>
      )}
      {canEdit && actions.onAddress && (
        <Action label={`Address of ${node.name}`} onClick={() => actions.onAddress?.(node)}>
          <PlaceOutlinedIcon fontSize="small" />
        </Action>
      )}
      {canEdit && (
        <Action
          label={`${node.active ? 'Disable' : 'Enable'} ${node.name}`}
          onClick={() => actions.onToggleActive(node)}
        >
          {node.active ? <BlockIcon fontSize="small" /> : <CheckCircleOutlineIcon fontSize="small" />}
        </Action>
      )}
      {canDelete && (
        <Action label={`Delete ${node.name}`} onClick={() => actions.onDelete(node)}>
          <DeleteOutlineIcon fontSize="small" />
        </Action>
      )}
    </Box>
  );
}

/** The items of a type as a tree; inactive items are struck through (spec 3 §2). */
export function LookupItemTree({ label, nodes, expanded, onToggle, actions, depth = 0 }: LookupItemTreeProps) {
  return (
    <List dense disablePadding aria-label={depth === 0 ? label : undefined}>
      {nodes.map((node) => {
        const open = expanded.has(node.id);
        const hasChildren = node.children.length > 0;
        return (
          <li key={node.id}>
            <ListItem component="div" disablePadding sx={{ pl: depth * 3, gap: 1 }}>
              <Box sx={{ width: 34, flexShrink: 0 }}>
                {hasChildren && (
                  <IconButton
                    size="small"
                    aria-label={`${open ? 'Collapse' : 'Expand'} ${node.name}`}
                    aria-expanded={open}
                    onClick={() => onToggle(node.id)}
                  >
                    {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
                  </IconButton>
                )}
              </Box>
              <ListItemText
                primary={node.name}
                secondary={
                  [isTreeType(node.type) ? node.label : '', node.active ? '' : 'Disabled']
                    .filter(Boolean)
                    .join(' · ') || undefined
                }
                slotProps={{
                  primary: {
                    sx: { textDecoration: node.active ? 'none' : 'line-through', overflowWrap: 'anywhere' },
                  },
                }}
              />
              <RowActions node={node} actions={actions} />
            </ListItem>
            {hasChildren && open && (
              <LookupItemTree
                label={label}
                nodes={node.children}
                expanded={expanded}
                onToggle={onToggle}
                actions={actions}
                depth={depth + 1}
              />
            )}
          </li>
        );
      })}
    </List>
  );
}
