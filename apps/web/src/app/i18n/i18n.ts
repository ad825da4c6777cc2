import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
// The sections the shell, the sign-in page and the theme (`form`) use, by name: only these are in the first download.
import { access, app, errorBanner, form, header, login, menu, notFound, session } from './en.json';

/**
 * Locale en with fallback en (SPEC section 9). The shell's text is bundled, so initialisation is
 * synchronous; the rest (every feature's text) comes with the first page that needs it, see
 * `loadAllText`.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: { access, app, errorBanner, form, header, login, menu, notFound, session } } },
  interpolation: { escapeValue: false }, // React escapes already.
  initAsync: false,
  showSupportNotice: false,
});

let allText: Promise<void> | undefined;

/**
 * Adds all of en.json to the resources, once. Every page and shell part loaded on demand waits for
 * it before it renders, so `t()` finds every key there.
 */
export function loadAllText(): Promise<void> {
  allText ??= import('./en.json?all').then(({ default: text }) => {
    i18n.addResourceBundle('en', 'translation', text, true, true);
  });
  return allText;
}
