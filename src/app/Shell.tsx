import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useColorScheme, useTheme, type SxProps, type Theme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { useState, type ComponentProps } from 'react';
import { NavLink, Outlet } from 'react-router';
import { loadArea } from '../lib/i18n';
import { useSession } from '../lib/session';
import { storageBlocked, useStore } from '../lib/store';
import { toastStore } from '../lib/toast';
import { urls } from '../lib/urls';
import { activityCatalog, settingsCatalog } from './catalogs';
import { navEntries, navWidth } from './nav';
import { onDemand } from './onDemand';
import { queried } from './queries';
import { useLingui } from '@lingui/react/macro';

// Snackbar and its transitions are only needed once a toast exists.
const Toaster = onDemand(() => import('./Toaster').then((module) => module.Toaster));
// The phone menu's modal Drawer (Modal, Slide, focus trap) is only needed once the menu is opened.
const PhoneMenu = onDemand(() => import('./PhoneMenu').then((module) => module.PhoneMenu));
// What queries comes with the query client (./queries).
// The counts show once the API answers, which is later than their code can arrive.
const NavBadge = onDemand(queried(() => import('./NavBadges').then((module) => module.NavBadge)));
// Live mode's account menu, with the words of the settings area that owns it.
const AccountMenu = onDemand(
  queried(() =>
    Promise.all([import('../features/settings/AccountMenu'), loadArea(settingsCatalog)]).then(([module]) => module.AccountMenu),
  ),
);
// Demo mode's seller (live mode has the account menu): the name shows once the API answers, which is later
// than its code and the query observer's can arrive.
const Nickname = onDemand(queried(() => import('./Nickname').then((module) => module.Nickname)));
// Only when the browser refuses storage; its words are the settings area's.
const StorageNotice = onDemand(() =>
  Promise.all([import('./Toaster'), loadArea(settingsCatalog)]).then(([module]) => module.StorageNotice),
);

// The activity stream starts after the first render, with the words of the activity area it announces in.
const LiveUpdates = onDemand(
  queried(() => Promise.all([import('./LiveUpdates'), loadArea(activityCatalog)]).then(([module]) => module.LiveUpdates)),
);

/** A small MUI Chip's look (size="small", not clickable) without Chip's code. */
function ModeBadge({ label, sx, ...props }: { label: string } & Omit<ComponentProps<typeof Box>, 'children'>) {
  return (
    <Box
      {...props}
      sx={[
        (theme) => ({
          maxWidth: '100%',
          fontFamily: theme.typography.fontFamily,
          fontSize: theme.typography.pxToRem(13),
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          height: 24,
          lineHeight: 1.5,
          borderRadius: '16px',
          whiteSpace: 'nowrap',
          verticalAlign: 'middle',
          boxSizing: 'border-box',
          transition: theme.transitions.create(['background-color', 'box-shadow']),
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', px: 1, whiteSpace: 'nowrap' }}>
        {label}
      </Box>
    </Box>
  );
}

function ModeBadges() {
  const { t } = useLingui();
  const { mode, sandbox } = useSession();
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }}>
      <ModeBadge
        title={
          mode === 'demo'
            ? t`Demo mode: a simulated API in your browser answers every request.`
            : t`Live mode: requests go to the real API.`
        }
        label={mode === 'demo' ? t`DEMO` : t`LIVE`}
        sx={{ fontWeight: 700, bgcolor: mode === 'demo' ? '#fff' : '#b71c1c', color: mode === 'demo' ? '#0d47a1' : '#fff' }}
        data-testid="mode-badge"
      />
      {sandbox && (
        <ModeBadge
          title={t`Credit leads come from the sandbox (test data).`}
          label={t`SANDBOX`}
          sx={{ fontWeight: 700, bgcolor: '#fff3e0', color: '#7c2d12' }}
        />
      )}
    </Box>
  );
}

function ThemeToggle() {
  const { t } = useLingui();
  const { mode, systemMode, setMode } = useColorScheme();
  const dark = (mode === 'system' ? systemMode : mode) === 'dark';
  const label = dark ? t`Switch to light mode` : t`Switch to dark mode`;
  return (
    <IconButton color="inherit" title={label} aria-label={label} aria-pressed={dark} onClick={() => setMode(dark ? 'light' : 'dark')}>
      {dark ? <LightModeIcon /> : <DarkModeIcon />}
    </IconButton>
  );
}

/** A ListItemButton's look on ButtonBase, without ListItem/ListItemButton/ListItemIcon/ListItemText's code. */
const navLinkSx: SxProps<Theme> = (theme) => ({
  display: 'flex',
  flexGrow: 1,
  justifyContent: 'flex-start',
  alignItems: 'center',
  minWidth: 0,
  textAlign: 'left',
  py: 1,
  px: 2,
  transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
  '&:hover': { bgcolor: 'action.hover', '@media (hover: none)': { bgcolor: 'transparent' } },
  '&.Mui-focusVisible': { bgcolor: 'action.focus' },
  '&.active': { bgcolor: 'action.selected', fontWeight: 600 },
});

function NavList({ onNavigate }: { onNavigate?: () => void }) {
  const { i18n } = useLingui();
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, px: 0, py: 1, position: 'relative' }}>
      {navEntries.map((entry) => (
        <li key={entry.to}>
          <ButtonBase component={NavLink} to={entry.to} end={entry.to === urls.home()} onClick={onNavigate} sx={navLinkSx}>
            <Box aria-hidden sx={{ minWidth: 40, color: 'action.active', flexShrink: 0, display: 'inline-flex' }}>
              {entry.icon}
            </Box>
            <Typography component="span" sx={{ display: 'block', flex: '1 1 auto', minWidth: 0, my: 0.5 }}>
              {i18n._(entry.label)}
            </Typography>
            {entry.badge && <NavBadge badge={entry.badge} />}
          </ButtonBase>
        </li>
      ))}
    </Box>
  );
}

function Toasts() {
  const pending = useStore(toastStore).length > 0;
  const blocked = useStore(storageBlocked);
  return (
    <>
      {blocked && <StorageNotice />}
      {pending && <Toaster />}
    </>
  );
}

/** The app frame: header with mode and identity, navigation (a menu on phones), and the page. */
export function Shell() {
  const { t } = useLingui();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const live = useSession().mode === 'live';
  const [open, setOpen] = useState(false);
  // Counts the menu's openings: it mounts afresh on each, so a failed download is tried again.
  const [openings, setOpenings] = useState(0);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          left: -9999,
          zIndex: 2000,
          '&:focus': { left: 8, top: 8, p: 1, bgcolor: 'background.paper', color: 'text.primary' },
        }}
      >
        {t`Skip to content`}
      </Box>
      {/* A fixed primary AppBar with colour on dark (mui-fixed: a modal's scroll lock pads it too), without AppBar's code. */}
      <Paper
        component="header"
        square
        elevation={4}
        className="mui-fixed"
        sx={{
          position: 'fixed',
          top: 0,
          left: 'auto',
          right: 0,
          zIndex: (z) => z.zIndex.drawer + 1,
          display: 'flex',
          flexDirection: 'column',
          width: '100%',
          boxSizing: 'border-box',
          flexShrink: 0,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          '@media print': { position: 'absolute' },
        }}
      >
        <Toolbar sx={{ gap: 1 }}>
          {!wide && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={t`Open menu`}
              aria-expanded={open}
              onClick={() => {
                setOpen(true);
                setOpenings((count) => count + 1);
              }}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Typography variant="h6" component="div" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
            {t`Seller Desk`}
          </Typography>
          <ModeBadges />
          <Box sx={{ flexGrow: 1 }} />
          <LiveUpdates />
          {live ? <AccountMenu /> : <Nickname />}
          <ThemeToggle />
        </Toolbar>
      </Paper>
      <Box component="nav" aria-label={t`Main navigation`} sx={{ width: { md: navWidth }, flexShrink: { md: 0 } }}>
        {wide ? (
          // A permanent Drawer's look (docked paper with a divider) without Modal and Slide.
          <Box
            sx={{
              position: 'fixed',
              top: 0,
              left: 0,
              zIndex: 'drawer',
              width: navWidth,
              height: '100%',
              boxSizing: 'border-box',
              display: 'flex',
              flexDirection: 'column',
              overflowY: 'auto',
              borderRight: 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
              color: 'text.primary',
            }}
          >
            <Toolbar />
            <NavList />
          </Box>
        ) : (
          openings > 0 && (
            <PhoneMenu key={openings} open={open} onClose={() => setOpen(false)}>
              <NavList onNavigate={() => setOpen(false)} />
            </PhoneMenu>
          )
        )}
      </Box>
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, p: { xs: 1.5, sm: 3 }, outline: 'none' }}>
        <Toolbar />
        <Outlet />
      </Box>
      <Toasts />
    </Box>
  );
}
