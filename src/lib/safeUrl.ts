/**
 * Addresses that come from API data (permalinks, pictures, thumbnails) are untrusted: a `javascript:` or
 * `data:` URL must never become a link, nor anything but a picture an image. Only absolute `https:` URLs
 * pass; in demo mode images may also be `http:` or a `data:image/` picture, which is how the simulator
 * serves its own (it fetches nothing from other hosts). Which image hosts may load is the server's CSP
 * (`IMAGE_HOSTS`, `img-src`); this only decides whether the address is rendered at all.
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

/** The URL as an image `src`, or undefined: https; in demo mode also http and `data:image/` pictures. */
export function safeImage(value: string | null | undefined, mode: 'demo' | 'live'): string | undefined {
  const url = parsed(value);
  if (url?.protocol === 'https:') return url.href;
  if (mode !== 'demo') return undefined;
  if (url?.protocol === 'http:' || (url?.protocol === 'data:' && url.pathname.startsWith('image/'))) return url.href;
  return undefined;
}
