/**
 * Addresses that come from API data (permalinks, pictures, thumbnails) are untrusted: a `javascript:` or
 * `data:` URL must never become a link or an image. Only absolute `https:` URLs pass; images may also be
 * `http:` in demo mode, where the simulator's pictures are served locally. Which image hosts may load is
 * the server's CSP (`IMAGE_HOSTS`); this only decides whether the address is rendered at all.
 */
function parsed(value: string | null | undefined): URL | undefined {
  if (!value) return undefined;
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** The URL as an `href`, or undefined when it is not an absolute https URL. */
export function safeLink(value: string | null | undefined): string | undefined {
  const url = parsed(value);
  return url?.protocol === 'https:' ? url.href : undefined;
}

/** The URL as an image `src`, or undefined: https, or http in demo mode. */
export function safeImage(value: string | null | undefined, mode: 'demo' | 'live'): string | undefined {
  const url = parsed(value);
  if (url?.protocol === 'https:' || (mode === 'demo' && url?.protocol === 'http:')) return url.href;
  return undefined;
}
