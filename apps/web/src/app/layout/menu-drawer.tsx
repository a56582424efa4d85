import type { MenuItem } from '@blotter/shared/privileges';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { NavLink } from 'react-router';

interface MenuDrawerProps {
  open: boolean;
  onClose: () => void;
  items: readonly MenuItem[];
  helpCenterUrl: string;
}

/** The top menu's items in a side drawer on small screens (spec 1 §2). */
export function MenuDrawer({ open, onClose, items, helpCenterUrl }: MenuDrawerProps) {
  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { 'aria-label': 'Menu' } }}>
      <Box sx={{ width: 260 }}>
        <Typography variant="h6" component="p" sx={{ px: 2, py: 1.5, fontWeight: 700 }}>
          Blotter
        </Typography>
        <Divider />
        <List component="nav" aria-label="Main">
          {items.map((item) => (
            <ListItemButton
              key={item.path}
              component={NavLink}
              to={item.path}
              onClick={onClose}
              sx={{ '&.active': { bgcolor: 'action.selected' } }}
            >
              <ListItemText primary={item.label} />
            </ListItemButton>
          ))}
          <ListItemButton component="a" href={helpCenterUrl} target="_blank" rel="noopener" onClick={onClose}>
            <ListItemText primary="Help Center" />
            <ListItemIcon sx={{ minWidth: 0 }}>
              <OpenInNewIcon fontSize="small" />
            </ListItemIcon>
          </ListItemButton>
        </List>
      </Box>
    </Drawer>
  );
}
