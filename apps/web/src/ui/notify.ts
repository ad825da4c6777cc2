import type { NotificationData } from '@mantine/notifications';

/** Mantine's notifications, loaded on first use (the signed-in shell preloads them). */
const load = () => import('@mantine/notifications');

/**
 * Toasts, as Mantine's `notifications` (same calls), with its store loaded on demand: every page
 * that shows a toast shares the store, and imported directly Rollup would put it into the entry and
 * so into the sign-in page's download, which never shows one.
 */
export const notifications = {
  show(data: NotificationData): void {
    void load().then((mantine) => mantine.notifications.show(data));
  },
  hide(id: string): void {
    void load().then((mantine) => mantine.notifications.hide(id));
  },
};
