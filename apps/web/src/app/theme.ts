import type { Theme } from '@corner/domain';
import {
  Autocomplete,
  createTheme,
  FileInput,
  MultiSelect,
  NumberInput,
  PasswordInput,
  Select,
  TagsInput,
  Textarea,
  TextInput,
  type MantineColor,
  type MantineThemeOverride,
} from '@mantine/core';

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
      Select: Select.extend({ defaultProps: { maxDropdownHeight: POPUP_LIST_MAX_HEIGHT, ...required } }),
      MultiSelect: MultiSelect.extend({ defaultProps: { maxDropdownHeight: POPUP_LIST_MAX_HEIGHT, ...required } }),
      Autocomplete: Autocomplete.extend({ defaultProps: { maxDropdownHeight: POPUP_LIST_MAX_HEIGHT, ...required } }),
      TagsInput: TagsInput.extend({ defaultProps: { maxDropdownHeight: POPUP_LIST_MAX_HEIGHT, ...required } }),
      TextInput: TextInput.extend({ defaultProps: required }),
      Textarea: Textarea.extend({ defaultProps: required }),
      PasswordInput: PasswordInput.extend({ defaultProps: required }),
      NumberInput: NumberInput.extend({ defaultProps: required }),
      FileInput: FileInput.extend({ defaultProps: required }),
    },
  });
}
