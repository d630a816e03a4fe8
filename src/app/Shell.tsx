import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useColorScheme, useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useMe } from '../lib/identity';
import { useMessages } from '../lib/i18n';
import { useSession } from '../lib/session';
import { appMessages } from './messages';
import { NavBadge } from './NavBadges';
import { navEntries } from './nav';
import { Toaster } from './Toaster';

const drawerWidth = 232;

function ModeBadges() {
  const t = useMessages(appMessages);
  const { mode, sandbox } = useSession();
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }}>
      <Chip
          size="small"
          title={t(mode === 'demo' ? 'modeDemoHint' : 'modeLiveHint')}
          label={t(mode === 'demo' ? 'modeDemo' : 'modeLive')}
          sx={{ fontWeight: 700, bgcolor: mode === 'demo' ? '#fff' : '#b71c1c', color: mode === 'demo' ? '#0d47a1' : '#fff' }}
          data-testid="mode-badge"
        />
      {sandbox && (
        <Chip size="small" title={t('modeSandboxHint')} label={t('modeSandbox')} sx={{ fontWeight: 700, bgcolor: '#fff3e0', color: '#7c2d12' }} />
      )}
    </Box>
  );
}

function ThemeToggle() {
  const t = useMessages(appMessages);
  const { mode, systemMode, setMode } = useColorScheme();
  const dark = (mode === 'system' ? systemMode : mode) === 'dark';
  const label = t(dark ? 'switchToLight' : 'switchToDark');
  return (
    <IconButton color="inherit" title={label} aria-label={label} aria-pressed={dark} onClick={() => setMode(dark ? 'light' : 'dark')}>
      {dark ? <LightModeIcon /> : <DarkModeIcon />}
    </IconButton>
  );
}

function Nickname() {
  const me = useMe();
  const t = useMessages(appMessages);
  if (!me.data) return null;
  return (
    <Typography variant="body2" sx={{ display: { xs: 'none', sm: 'block' } }} title={t('signedInAs', { nickname: me.data.nickname })}>
      {me.data.nickname}
    </Typography>
  );
}

function NavList({ onNavigate }: { onNavigate?: () => void }) {
  const t = useMessages(appMessages);
  return (
    <List>
      {navEntries.map((entry) => (
        <ListItem key={entry.to} disablePadding>
          <ListItemButton component={NavLink} to={entry.to} onClick={onNavigate} sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}>
            <ListItemIcon sx={{ minWidth: 40 }} aria-hidden>
              {entry.icon}
            </ListItemIcon>
            <ListItemText primary={t(entry.label)} />
            {entry.badge && <NavBadge badge={entry.badge} />}
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/** The app frame: header with mode and identity, navigation (a menu on phones), and the page. */
export function Shell() {
  const t = useMessages(appMessages);
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [open, setOpen] = useState(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Box
        component="a"
        href="#main"
        sx={{ position: 'absolute', left: -9999, zIndex: 2000, '&:focus': { left: 8, top: 8, p: 1, bgcolor: 'background.paper', color: 'text.primary' } }}
      >
        {t('skipToContent')}
      </Box>
      <AppBar position="fixed" sx={{ zIndex: (z) => z.zIndex.drawer + 1 }} enableColorOnDark>
        <Toolbar sx={{ gap: 1 }}>
          {!wide && (
            <IconButton color="inherit" edge="start" aria-label={t('openMenu')} aria-expanded={open} onClick={() => setOpen(true)}>
              <MenuIcon />
            </IconButton>
          )}
          <Typography variant="h6" component="div" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
            {t('appName')}
          </Typography>
          <ModeBadges />
          <Box sx={{ flexGrow: 1 }} />
          <Nickname />
          <ThemeToggle />
        </Toolbar>
      </AppBar>
      <Box component="nav" aria-label={t('navLabel')} sx={{ width: { md: drawerWidth }, flexShrink: { md: 0 } }}>
        {wide ? (
          <Drawer variant="permanent" sx={{ '& .MuiDrawer-paper': { width: drawerWidth, boxSizing: 'border-box' } }} open>
            <Toolbar />
            <NavList />
          </Drawer>
        ) : (
          <Drawer variant="temporary" open={open} onClose={() => setOpen(false)} ModalProps={{ keepMounted: false }} sx={{ '& .MuiDrawer-paper': { width: drawerWidth } }}>
            <NavList onNavigate={() => setOpen(false)} />
          </Drawer>
        )}
      </Box>
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, p: { xs: 1.5, sm: 3 }, outline: 'none' }}>
        <Toolbar />
        <Outlet />
      </Box>
      <Toaster />
    </Box>
  );
}
