import { DEFAULT_THEME, createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * Mantine's palettes with their heavy shades (7–9) darkened until text passes WCAG AA (4.5:1):
 * shade 7 is the filled shade (white text on buttons and badges, coloured text, links),
 * shade 9 the text of light badges and alerts on their shade-1 background. The light tints (0–6)
 * are Mantine's own, so backgrounds and icons keep their look. theme.test.ts measures every pair.
 */
const accessible = (name: 'green' | 'red' | 'orange' | 'yellow' | 'teal' | 'cyan' | 'lime' | 'blue' | 'grape' | 'indigo', heavy: [string, string, string]): MantineColorsTuple => {
  const base: readonly string[] = DEFAULT_THEME.colors[name];
  return [...base.slice(0, 7), ...heavy] as unknown as MantineColorsTuple;
};

export const PALETTES = {
  green: accessible('green', ['#288238', '#267b36', '#247434']),
  red: accessible('red', ['#d33737', '#c72f2f', '#bb2727']),
  orange: accessible('orange', ['#be4f05', '#b84509', '#b23b0c']),
  yellow: accessible('yellow', ['#9d6600', '#9f5d00', '#a15300']),
  teal: accessible('teal', ['#09815e', '#087b59', '#077453']),
  cyan: accessible('cyan', ['#0d7d8e', '#0c7587', '#0b6d80']),
  lime: accessible('lime', ['#4f7d0f', '#4c780d', '#48730a']),
  blue: accessible('blue', ['#1a74c5', '#196cb7', '#1863a9']),
  grape: accessible('grape', ['#ae3ec9', '#9a36b3', '#862e9c']),
  indigo: accessible('indigo', ['#4263eb', '#3c59d9', '#364fc7']),
};

/** Secondary ("dimmed") text: Mantine's gray 6 is 3.3:1 on white; this grey is 6:1 on white and 5.5:1 on gray 1. */
export const DIMMED = '#5c636a';

/** Calm, clinical look: green primary, soft radii, system fonts; every text colour readable (WCAG AA). */
export const theme = createTheme({
  colors: PALETTES,
  primaryColor: 'green',
  primaryShade: { light: 7, dark: 6 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Bengali", "Noto Sans SC", "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'lg' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    // The date field (ui/DateField, @mantine/dates, loaded lazily: named here, not imported) stands beside text inputs.
    DateInput: { defaultProps: { size: 'md' } },
    // Mantine's focus placeholder is a role="presentation" child of role="menu" (not allowed by ARIA);
    // without it the menu focuses its first item when opened from the keyboard. Menus and popovers
    // give focus back to their button when they close (keyboard users keep their place).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false, returnFocus: true } },
    Popover: { defaultProps: { returnFocus: true } },
    // A badge never cuts its text off ("Demo data loa…"): a long label in a narrow column wraps instead.
    Badge: { styles: { root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%' }, label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.25, paddingBlock: 2 } } },
  },
});

/** Text colours Mantine sets outside the palettes: dimmed text and error messages. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': DIMMED,
    '--mantine-color-error': 'var(--mantine-color-red-7)',
    '--mantine-color-placeholder': DIMMED,
  },
  dark: {},
});
