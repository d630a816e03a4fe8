import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * A browser that refuses storage (private mode, cookies disabled) throws a SecurityError as soon as
 * `localStorage` or `sessionStorage` is read; the modules the first render needs must load all the same.
 */
function blockStorage() {
  const refuse = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  vi.spyOn(window, 'localStorage', 'get').mockImplementation(refuse);
  vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(refuse);
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('guarded storage', () => {
  it('with storage blocked, the boot modules load, and values live in memory for the page', async () => {
    blockStorage();
    vi.resetModules();
    const { deviceStorage, tabStorage, storageBlocked } = await import('./store');
    const { sessionStore, setSandbox } = await import('./session');
    await import('./i18n');
    expect(storageBlocked.get()).toBe(true);
    expect(sessionStore.get().sandbox).toBe(false);

    setSandbox(true);
    expect(deviceStorage.get('seller-desk.sandbox')).toBe('true');
    tabStorage.set('key', 'kept');
    expect(tabStorage.get('key')).toBe('kept');
    tabStorage.remove('key');
    expect(tabStorage.get('key')).toBeNull();
  });

  it('a refused write (quota) keeps the value in memory, and reads give it back', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    const { deviceStorage, storageBlocked } = await import('./store');
    expect(storageBlocked.get()).toBe(false);
    deviceStorage.set('seller-desk.locale', 'es');
    expect(deviceStorage.get('seller-desk.locale')).toBe('es');
    expect(storageBlocked.get()).toBe(true);
  });

  it('storage that works is used as it is, and the block is not reported', async () => {
    const { deviceStorage, storageBlocked } = await import('./store');
    deviceStorage.set('seller-desk.locale', 'pt-BR');
    expect(localStorage.getItem('seller-desk.locale')).toBe('pt-BR');
    deviceStorage.remove('seller-desk.locale');
    expect(localStorage.getItem('seller-desk.locale')).toBeNull();
    expect(storageBlocked.get()).toBe(false);
  });
});
