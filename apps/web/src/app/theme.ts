import type { Theme } from '@corner/domain';
import { Autocomplete, createTheme, MultiSelect, Select, TagsInput, type MantineColor, type MantineThemeOverride } from '@mantine/core';

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

export function createAppTheme(theme: Theme): MantineThemeOverride {
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
    components: {
      Select: Select.extend({ defaultProps: { maxDropdownHeight: POPUP_LIST_MAX_HEIGHT } }),
      MultiSelect: MultiSelect.extend({ defaultProps: { maxDropdownHeight: POPUP_LIST_MAX_HEIGHT } }),
      Autocomplete: Autocomplete.extend({ defaultProps: { maxDropdownHeight: POPUP_LIST_MAX_HEIGHT } }),
      TagsInput: TagsInput.extend({ defaultProps: { maxDropdownHeight: POPUP_LIST_MAX_HEIGHT } }),
    },
  });
}
