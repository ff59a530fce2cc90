import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * A teal-blue dental palette. Filled components use shade 8 (#0b6570, 6.7:1 on white) and light
 * components shade 9 on shade 1, so text on them passes WCAG AA.
 */
const cusp: MantineColorsTuple = [
  '#e6f7f8',
  '#cdeef0',
  '#9fdde2',
  '#6ccbd3',
  '#44bcc6',
  '#2aa9b5',
  '#168f9b',
  '#0e7a85',
  '#0b6570',
  '#07505a',
];

const ocean: MantineColorsTuple = [
  '#e7f2fb',
  '#cfe3f5',
  '#9fc6ea',
  '#6ba6de',
  '#418bd3',
  '#2a7bcc',
  '#1c6fc2',
  '#155fa8',
  '#0f5190',
  '#0b3f66',
];

const systemFonts =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'";

export const theme = createTheme({
  primaryColor: 'cusp',
  primaryShade: { light: 8, dark: 6 },
  colors: { cusp, ocean },
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // md at 64em = 1024 px: the latest-services slider shows 4 cards from there, 2 from 48em, else 1.
  breakpoints: { xs: '36em', sm: '48em', md: '64em', lg: '75em', xl: '88em' },
});

/** Darker dimmed, placeholder and error colours than Mantine's defaults, for AA contrast. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#6c757d',
    '--mantine-color-error': '#c92a2a',
  },
  dark: {},
});
