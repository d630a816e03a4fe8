import { useState, type CSSProperties } from 'react';
import { NavLink, Outlet } from 'react-router';
import { setColorMode, useColorScheme } from '../lib/colorScheme';
import { loadArea } from '../lib/i18n';
import { useGrants } from '../lib/permissions';
import { useSession } from '../lib/session';
import { storageBlocked, useStore } from '../lib/store';
import { toastStore } from '../lib/toast';
import { urls } from '../lib/urls';
import { useMedia } from '../lib/useMedia';
import { activityCatalog, settingsCatalog } from './catalogs';
import { DarkModeIcon, LightModeIcon, MenuIcon } from './icons';
import { navEntries, navWidth } from './nav';
import { onDemand } from './onDemand';
import { queried } from './queries';
import { themed } from './themed';
import { useLingui } from '@lingui/react/macro';

// Snackbar and its transitions are only needed once a toast exists.
const Toaster = onDemand(themed(() => import('./Toaster').then((module) => module.Toaster)));
// The phone menu's modal Drawer (Modal, Slide, focus trap) is only needed once the menu is opened.
const PhoneMenu = onDemand(themed(() => import('./PhoneMenu').then((module) => module.PhoneMenu)));
// What queries comes with the query client (./queries).
// The counts show once the API answers, which is later than their code can arrive.
const NavBadge = onDemand(queried(() => import('./NavBadges').then((module) => module.NavBadge)));
// Live mode's account menu, with the words of the settings area that owns it.
const AccountMenu = onDemand(
  queried(
    themed(() =>
      Promise.all([import('../features/settings/AccountMenu'), loadArea(settingsCatalog)]).then(([module]) => module.AccountMenu),
    ),
  ),
);
// Demo mode's "See as" switch, with the words of the settings area that owns it.
const SeeAs = onDemand(
  queried(themed(() => Promise.all([import('../features/settings/SeeAs'), loadArea(settingsCatalog)]).then(([module]) => module.SeeAs))),
);
// Demo mode's seller (live mode has the account menu): the name shows once the API answers, which is later
// than its code and the query observer's can arrive.
const Nickname = onDemand(queried(() => import('./Nickname').then((module) => module.Nickname)));
// Only when the browser refuses storage; its words are the settings area's.
const StorageNotice = onDemand(
  themed(() => Promise.all([import('./Toaster'), loadArea(settingsCatalog)]).then(([module]) => module.StorageNotice)),
);

// The activity stream starts after the first render, with the words of the activity area it announces in.
const LiveUpdates = onDemand(
  queried(() => Promise.all([import('./LiveUpdates'), loadArea(activityCatalog)]).then(([module]) => module.LiveUpdates)),
);

/** MUI's `md` breakpoint: from here the navigation is a column beside the page, below it a menu. */
const wideScreen = '(min-width: 900px)';

function ModeBadges() {
  const { t } = useLingui();
  const { mode, sandbox } = useSession();
  return (
    <div className="shell-badges">
      <span
        className={`shell-badge ${mode === 'demo' ? 'shell-badge-demo' : 'shell-badge-live'}`}
        title={
          mode === 'demo'
            ? t`Demo mode: a simulated API in your browser answers every request.`
            : t`Live mode: requests go to the real API.`
        }
        data-testid="mode-badge"
      >
        {mode === 'demo' ? t`DEMO` : t`LIVE`}
      </span>
      {sandbox && (
        <span className="shell-badge shell-badge-sandbox" title={t`Credit leads come from the sandbox (test data).`}>
          {t`SANDBOX`}
        </span>
      )}
    </div>
  );
}

function ThemeToggle() {
  const { t } = useLingui();
  const dark = useColorScheme() === 'dark';
  const label = dark ? t`Switch to light mode` : t`Switch to dark mode`;
  return (
    <button
      type="button"
      className="shell-icon-button"
      title={label}
      aria-label={label}
      aria-pressed={dark}
      onClick={() => setColorMode(dark ? 'light' : 'dark')}
    >
      {dark ? <LightModeIcon /> : <DarkModeIcon />}
    </button>
  );
}

function NavList({ onNavigate }: { onNavigate?: () => void }) {
  const { i18n } = useLingui();
  const grants = useGrants();
  return (
    <ul className="shell-nav-list">
      {navEntries
        .filter((entry) => !entry.needs || grants.can(entry.needs))
        .map((entry) => (
          <li key={entry.to}>
            <NavLink className="shell-nav-link" to={entry.to} end={entry.to === urls.home()} onClick={onNavigate}>
              <span aria-hidden className="shell-nav-icon">
                {entry.icon}
              </span>
              <span className="shell-nav-label">{i18n._(entry.label)}</span>
              {entry.badge && <NavBadge badge={entry.badge} />}
            </NavLink>
          </li>
        ))}
    </ul>
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
  const wide = useMedia(wideScreen);
  const live = useSession().mode === 'live';
  const [open, setOpen] = useState(false);
  // Counts the menu's openings: it mounts afresh on each, so a failed download is tried again.
  const [openings, setOpenings] = useState(0);

  return (
    <div className="shell-frame" style={{ '--nav-width': `${navWidth}px` } as CSSProperties}>
      <a className="shell-skip" href="#main">
        {t`Skip to content`}
      </a>
      {/* mui-fixed: a modal's scroll lock pads the fixed bar too. */}
      <header className="shell-bar mui-fixed">
        <div className="shell-toolbar">
          {!wide && (
            <button
              type="button"
              className="shell-icon-button shell-edge-start"
              aria-label={t`Open menu`}
              aria-expanded={open}
              onClick={() => {
                setOpen(true);
                setOpenings((count) => count + 1);
              }}
            >
              <MenuIcon />
            </button>
          )}
          <div className="shell-title">{t`Seller Desk`}</div>
          <ModeBadges />
          <div className="shell-grow" />
          <LiveUpdates wide={wide} />
          {live ? (
            <AccountMenu />
          ) : (
            <>
              <SeeAs />
              <Nickname />
            </>
          )}
          <ThemeToggle />
        </div>
      </header>
      <nav className="shell-nav" aria-label={t`Main navigation`}>
        {wide ? (
          <div className="shell-drawer">
            <div className="shell-toolbar" />
            <NavList />
          </div>
        ) : (
          openings > 0 && (
            <PhoneMenu key={openings} open={open} onClose={() => setOpen(false)}>
              <NavList onNavigate={() => setOpen(false)} />
            </PhoneMenu>
          )
        )}
      </nav>
      <main className="shell-main" id="main" tabIndex={-1}>
        <div className="shell-toolbar" />
        <Outlet />
      </main>
      <Toasts />
    </div>
  );
}
