import { visibleMenu } from '@blotter/shared/privileges';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { NavLink, Link as RouterLink, useLocation } from 'react-router';
import { useSession } from '../../lib/auth/session-context';
import { getClientConfig } from '../../lib/config';
import { isMobile } from '../../lib/device';
import { AccountMenu } from './account-menu';
import { CompanyLogo } from './company-logo';
import { MenuDrawer } from './menu-drawer';

const navButtonSx = {
  color: 'inherit',
  opacity: 0.85,
  '&.active': { opacity: 1, boxShadow: 'inset 0 -3px 0 currentColor', borderRadius: 0 },
} as const;

/** Spec 1 §2 top menu: the privileged items and Help Center when signed in, SIGN UP / SIGN IN otherwise. */
export function TopMenu() {
  const { claims, signedIn, invalid } = useSession();
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const items = signedIn ? visibleMenu(claims, isMobile) : [];
  const { helpCenterUrl } = getClientConfig();
  const from: unknown = (location.state as { from?: unknown } | null)?.from;

  return (
    <AppBar position="sticky" color="primary">
      <Toolbar sx={{ gap: 1 }}>
        {signedIn && small && (
          <IconButton edge="start" color="inherit" aria-label="Open menu" onClick={() => setDrawerOpen(true)}>
            <MenuIcon />
          </IconButton>
        )}
        <Typography
          component={RouterLink}
          to="/"
          variant="h6"
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, letterSpacing: 0.5, mr: 2 }}
        >
          Blotter
        </Typography>
        {signedIn && <CompanyLogo />}
        {signedIn && !small && (
          <Box component="nav" aria-label="Main" sx={{ display: 'flex', gap: 0.5, flexGrow: 1 }}>
            {items.map((item) => (
              <Button key={item.path} component={NavLink} to={item.path} sx={navButtonSx}>
                {item.label}
              </Button>
            ))}
            <Button component="a" href={helpCenterUrl} target="_blank" rel="noopener" sx={navButtonSx}>
              Help Center
            </Button>
          </Box>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {signedIn && <AccountMenu name={claims?.name ?? ''} />}
        {!signedIn && !invalid && (
          <Box sx={{ display: 'flex', gap: 1 }}>
            {!isMobile && (
              <Button component={RouterLink} to="/signup" color="inherit">
                SIGN UP
              </Button>
            )}
            <Button
              component={RouterLink}
              to="/login"
              state={from ? { from } : undefined}
              variant="outlined"
              color="inherit"
            >
              SIGN IN
            </Button>
          </Box>
        )}
      </Toolbar>
      {signedIn && small && (
        <MenuDrawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          items={items}
          helpCenterUrl={helpCenterUrl}
        />
      )}
    </AppBar>
  );
}
