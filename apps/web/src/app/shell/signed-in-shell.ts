import { loadAllText } from '../i18n/i18n';

/**
 * The parts of the shell only a signed-in member sees (side menu, the top bar's actions, the
 * notifications' container) load apart from the sign-in page, with the app's full text. With a
 * stored token they start loading at once, beside the session check and the page, not after them.
 */
export const loadSideMenu = async () => (await Promise.all([import('./side-menu'), loadAllText()]))[0];
export const loadMemberActions = async () => (await Promise.all([import('./member-actions'), loadAllText()]))[0];
export const loadNotifications = () => import('@mantine/notifications');

export function preloadSignedInShell(): void {
  void loadSideMenu();
  void loadMemberActions();
  void loadNotifications();
}
