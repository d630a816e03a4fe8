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

/** Reads JSON from localStorage, falling back when it is absent or unreadable. */
function readLocal<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

/** A store mirrored to localStorage under `key`: device-local preferences such as templates or marks. */
export function createLocalStore<T>(key: string, fallback: T): Store<T> {
  const store = createStore(readLocal(key, fallback));
  store.subscribe(() => localStorage.setItem(key, JSON.stringify(store.get())));
  return store;
}
