import { createLocalStore } from '../../lib/store';

/** Whether the seller turned desktop notifications on, on this device (the browser keeps the permission). */
export const desktopNotificationsStore = createLocalStore<boolean>('seller-desk.activity.desktop-notifications', false);

export const desktopNotificationsSupported = () => typeof Notification !== 'undefined';

/** Asked only from the seller's click: browsers refuse (and may block) a permission prompt nobody asked for. */
export async function enableDesktopNotifications(): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  desktopNotificationsStore.set(permission === 'granted');
  return permission;
}

export function disableDesktopNotifications(): void {
  desktopNotificationsStore.set(false);
}

/** A desktop notification, when the seller opted in and the browser still allows it. */
export function notifyDesktop(title: string, tag: string): void {
  if (!desktopNotificationsStore.get() || !desktopNotificationsSupported() || Notification.permission !== 'granted') return;
  new Notification(title, { tag });
}
