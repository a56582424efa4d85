import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PrintIcon from '@mui/icons-material/Print';
import RestoreIcon from '@mui/icons-material/Restore';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import VisibilityIcon from '@mui/icons-material/Visibility';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useId, useState } from 'react';
import { VIEWER_BUTTON_LABELS, type ViewerButton } from '../model/viewer-buttons';

const ICONS: Record<ViewerButton, ReactNode> = {
  print: <PrintIcon />,
  history: <HistoryIcon />,
  incident: <ArticleOutlinedIcon />,
  lock: <LockIcon />,
  unlock: <LockOpenIcon />,
  reopen: <RestoreIcon />,
  edit: <EditIcon />,
  view: <VisibilityIcon />,
  close: <TaskAltIcon />,
  delete: <DeleteOutlinedIcon />,
};

interface ViewerTitleBarProps {
  titleId: string;
  title: string;
  /** Status chips next to the title (Open, Closed, Locked). */
  status?: ReactNode;
  buttons: readonly ViewerButton[];
  /** A button whose action is running (shown disabled). */
  busy?: ViewerButton | null;
  onButton: (button: ViewerButton) => void;
  onClose: () => void;
}

/**
 * The title bar of a full-screen dialog: Close, the title, and the actions; on small screens
 * (below 'sm') the actions move into a 'More actions' menu (spec 1 §2).
 */
export function ViewerTitleBar({ titleId, title, status, buttons, busy, onButton, onClose }: ViewerTitleBarProps) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const actions = small ? (
    buttons.length > 0 && (
      <>
        <IconButton
          color="inherit"
          aria-label="More actions"
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoreVertIcon />
        </IconButton>
        <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
          {buttons.map((button) => (
            <MenuItem
              key={button}
              disabled={busy === button}
              onClick={() => {
                setAnchor(null);
                onButton(button);
              }}
            >
              <ListItemIcon>{ICONS[button]}</ListItemIcon>
              <ListItemText>{VIEWER_BUTTON_LABELS[button]}</ListItemText>
            </MenuItem>
          ))}
        </Menu>
      </>
    )
  ) : (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, justifyContent: 'flex-end' }}>
      {buttons.map((button) => (
        <Button
          key={button}
          color="inherit"
          startIcon={ICONS[button]}
          disabled={busy === button}
          onClick={() => onButton(button)}
        >
          {VIEWER_BUTTON_LABELS[button]}
        </Button>
      ))}
    </Box>
  );

  return (
    <AppBar position="sticky" color="primary">
      <Toolbar sx={{ gap: 1 }}>
        <IconButton edge="start" color="inherit" aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
        <Typography id={titleId} component="h2" variant="h6" noWrap sx={{ flexShrink: 0 }}>
          {title}
        </Typography>
        {status}
        <Box sx={{ flexGrow: 1 }} />
        {actions}
      </Toolbar>
    </AppBar>
  );
}
