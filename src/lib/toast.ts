import { createStore } from './store';

/** Brief notices at the edge of the screen; an error toast is put into words when shown. */
export interface Toast {
  id: number;
  severity: 'info' | 'success' | 'warning' | 'error';
  message?: string;
  error?: unknown;
}

let nextId = 1;
export const toastStore = createStore<Toast[]>([]);

export function showToast(message: string, severity: Toast['severity'] = 'info'): void {
  toastStore.set((list) => [...list, { id: nextId++, message, severity }]);
}

export function showErrorToast(error: unknown): void {
  toastStore.set((list) => [...list, { id: nextId++, error, severity: 'warning' }]);
}

export function dismissToast(id: number): void {
  toastStore.set((list) => list.filter((toast) => toast.id !== id));
}
