import { useSyncExternalStore } from 'react';

/** A tiny observable value for device-local state that several components read (settings, toasts). */
export interface Store<T> {
  get: () => T;
  set: (next: T | ((previous: T) => T)) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (next) => {
      value = typeof next === 'function' ? (next as (previous: T) => T)(value) : next;
      listeners.forEach((listener) => listener());
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/**
 * The one door to browser storage. A browser may refuse it (private mode, cookies disabled: even reading
 * `window.localStorage` throws a SecurityError), or refuse a write (quota): then the value lives in memory
 * for the page's life, and `storageBlocked` turns true so the shell can say that settings will not be
 * remembered.
 */
export const storageBlocked = createStore(false);

interface GuardedStorage {
  get: (key: string) => string | null;
  set: (key: string, value: string) => void;
  remove: (key: string) => void;
}

function guard(area: () => Storage): GuardedStorage {
  const memory = new Map<string, string>();
  const attempt = <T>(act: (storage: Storage) => T): T | null => {
    try {
      return act(area());
    } catch {
      storageBlocked.set(true);
      return null;
    }
  };
  return {
    get: (key) => memory.get(key) ?? attempt((storage) => storage.getItem(key)),
    set: (key, value) => {
      if (attempt((storage) => storage.setItem(key, value)) === null) memory.set(key, value);
    },
    remove: (key) => {
      memory.delete(key);
      attempt((storage) => storage.removeItem(key));
    },
  };
}

/** localStorage: kept on this device. */
export const deviceStorage = guard(() => localStorage);
/** sessionStorage: kept for this tab. */
export const tabStorage = guard(() => sessionStorage);

/** Reads JSON kept on this device, falling back when it is absent or unreadable. */
export function readLocal<T>(key: string, fallback: T): T {
  try {
    const raw = deviceStorage.get(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

/** A store kept on this device under `key`: device-local preferences such as templates or marks. */
export function createLocalStore<T>(key: string, fallback: T): Store<T> {
  const store = createStore(readLocal(key, fallback));
  store.subscribe(() => deviceStorage.set(key, JSON.stringify(store.get())));
  return store;
}
