import {
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';

/**
 * Tend's calm teal-sage. Shade 7 is the filled colour in both schemes (6.4:1 with white text; links on white
 * 6.4:1); the dark scheme's links use shade 4 (5.6:1 on the dark body). See theme.test.ts.
 */
export const tendColors: MantineColorsTuple = [
  '#e7f5f2',
  '#d2ebe5',
  '#a6d5ca',
  '#77bfae',
  '#50ab97',
  '#3a9883',
  '#2d8270',
  '#216a5b',
  '#175447',
  '#0e3d33',
];

const FONT_FAMILY =
  '"Atkinson Hyperlegible Next Variable", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

export const theme: MantineThemeOverride = createTheme({
  primaryColor: 'tend',
  // One shade for both schemes: Mantine picks a component's text colour (autoContrast) once, not per
  // scheme, so the filled colour must be the same in both for that choice to hold.
  primaryShade: 7,
  colors: { tend: tendColors },
  // Text on any filled colour is black or white, whichever reaches AA (the 0.179 luminance midpoint).
  autoContrast: true,
  luminanceThreshold: 0.179,
  // Atkinson Hyperlegible Next (Braille Institute): letters told apart at a glance (I l 1, O 0, rn m), for
  // people reading in a hard moment or with low vision. Self-hosted through @fontsource (Latin and Latin
  // Extended, one variable file each, `font-display: swap`: the system font shows until it has loaded).
  fontFamily: FONT_FAMILY,
  headings: { fontFamily: FONT_FAMILY, fontWeight: '600' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  respectReducedMotion: true,
  components: {
    Notification: { defaultProps: { withBorder: true } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
    // A table wider than a phone scrolls in its own box; the box takes the focus so a keyboard can scroll it
    // (WCAG 2.1.1; axe's scrollable-region-focusable). Native scrolling: the box itself is what scrolls.
    TableScrollContainer: { defaultProps: { type: 'native', tabIndex: 0 } },
    // Breadcrumb links sit a few pixels apart on one line: each is at least 24 px tall, so a finger or a
    // pointer has a target of the size WCAG 2.5.8 asks (axe's target-size), whatever the font's line height.
    Breadcrumbs: {
      styles: { breadcrumb: { display: 'inline-flex', alignItems: 'center', minHeight: 24 } },
    },
  },
});

/**
 * Mantine's defaults for dimmed, placeholder, error and success text are below 4.5:1 in places; these
 * reach AA on the body colour of each scheme (light: white; dark: dark-7).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#6c737a',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-success': 'var(--mantine-color-teal-9)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': '#9d9d9d',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-success': 'var(--mantine-color-teal-4)',
  },
});
