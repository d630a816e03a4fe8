import { useLingui } from '@lingui/react/macro';
import { useLocation } from 'react-router';
import { Loading } from '../components/Loading';

/**
 * The heading and intro the server wrote into the page for its path (server/src/web.ts), read before React's first
 * render replaces them. None in tests and in the dev server, which serve the page without them.
 */
const served = document.querySelector('.boot-main .page-frame');
const first = served && {
  path: location.pathname.replace(/(.)\/+$/, '$1'),
  title: served.querySelector('h1')?.textContent ?? '',
  intro: served.querySelector('p')?.textContent ?? undefined,
};

/**
 * A page's place while its code downloads: on the page the browser opened, the heading and intro it was served
 * with, where they were painted, so the first paint's words stay put until the page draws its own (PageHeader).
 */
export function PageLoading() {
  const { pathname } = useLocation();
  return (
    <>
      {first?.path === pathname.replace(/(.)\/+$/, '$1') && (
        <div className="page-frame">
          <h1 className="page-frame-title">{first.title}</h1>
          {first.intro !== undefined && <p className="page-frame-intro">{first.intro}</p>}
        </div>
      )}
      <Loading />
    </>
  );
}

/**
 * index.html's boot frame with the page's heading and intro, while live mode asks the server who is signed in: the
 * shell is drawn only once that is known, and the first paint stays as it was meanwhile.
 */
export function BootFrame() {
  const { t } = useLingui();
  return (
    <>
      <div aria-hidden="true">
        <div className="boot-nav" />
        <div className="boot-bar">{t`Seller Desk`}</div>
      </div>
      <main className="shell-main boot-main">
        <div className="shell-toolbar" />
        <PageLoading />
      </main>
    </>
  );
}
