import type { Theme } from '@corner/domain';
import { createTheme, type CSSVariablesResolver, type MantineColor, type MantineThemeOverride } from '@mantine/core';

/** The accent of each role theme (SPEC section 6), so staff see at a glance which hat they wear. */
export const THEME_ACCENTS: Record<Theme, MantineColor> = {
  admin: 'grape',
  submissions: 'teal',
  socialMedia: 'pink',
  sa: 'orange',
  fa: 'cyan',
  creator: 'indigo',
};

/** SPEC 2: "Popup lists have a maximum height of 200px"; every select-like field takes it from the theme. */
export const POPUP_LIST_MAX_HEIGHT = 200;

/** The generic words of SPEC 5 a theme puts on fields: a required field's asterisk says "This field is required". */
export interface FieldWords {
  required: string;
}

export function createAppTheme(theme: Theme, words: FieldWords): MantineThemeOverride {
  // Shown on the asterisk of every field marked required, whatever form it is in.
  const required = { attributes: { required: { title: words.required } } };
  const dropdown = { maxDropdownHeight: POPUP_LIST_MAX_HEIGHT, ...required };
  return createTheme({
    primaryColor: THEME_ACCENTS[theme],
    // Shade 7 keeps white text on filled buttons readable for every accent.
    primaryShade: { light: 7, dark: 8 },
    autoContrast: true,
    defaultRadius: 'md',
    cursorType: 'pointer',
    focusRing: 'auto',
    fontFamily:
      'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    headings: { fontWeight: '700' },
    // Plain objects, not `Select.extend(...)`: `extend` is a static of each component, and naming it
    // here put every field (and the number and autosize libraries behind them) into the sign-in
    // page's first download.
    components: {
      Select: { defaultProps: dropdown },
      MultiSelect: { defaultProps: dropdown },
      Autocomplete: { defaultProps: dropdown },
      TagsInput: { defaultProps: dropdown },
      TextInput: { defaultProps: required },
      Textarea: { defaultProps: required },
      PasswordInput: { defaultProps: required },
      NumberInput: { defaultProps: required },
      FileInput: { defaultProps: required },
      TableScrollContainer: { defaultProps: { type: 'native' } },
    },
  });
}

/**
 * Links take the role theme's primary colour in its readable text shade. The readable shades
 * themselves (theme-colors.ts) are computed when the web app is built and load as CSS.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: { '--mantine-color-anchor': `var(--mantine-color-${theme.primaryColor}-text)` },
  dark: { '--mantine-color-anchor': `var(--mantine-color-${theme.primaryColor}-text)` },
});
