/**
 * Stands in for `tough-cookie` in the browser build (aliased in vite.config.ts). MSW keeps a cookie jar
 * to replay cookies into mocked requests; the demo API uses a bearer token and never sets a cookie, and
 * the real jar pulls in the public suffix list: 115 KB gzipped on the path to every page's data.
 * MSW's CookieStore needs just these members.
 */
export class Cookie {
  domain: string | null = null;
  path: string | null = null;
  key = '';

  static fromJSON(): Cookie | undefined {
    return undefined;
  }

  toJSON(): Record<string, never> {
    return {};
  }
}

export class MemoryCookieStore {
  idx: Record<string, Record<string, Record<string, Cookie>>> = {};
}

export class CookieJar {
  getCookiesSync(): Cookie[] {
    return [];
  }

  async setCookie(): Promise<void> {}
}
