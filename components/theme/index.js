// The five shop themes on SPEC §9's constants. Each (theme, direction) pair is created once.
import { createTheme, THEME_ID } from '@mui/material/styles';

export const THEME_NAMES = ['DEFAULT', 'GROCERY', 'FURNITURE', 'HEALTH', 'GIFT'];

const FONT_STACK = "'Open Sans', Roboto, -apple-system, BlinkMacSystemFont, 'Segoe UI', 'Helvetica Neue', Arial, sans-serif";

// Palettes chosen for WCAG AA contrast of white text on the main colours.
const PALETTES = {
  DEFAULT: { primary: { main: '#C0304A' }, secondary: { main: '#0F3460' } },
  GROCERY: { primary: { main: '#2E7D4F' }, secondary: { main: '#1B4332' } },
  FURNITURE: { primary: { main: '#7B4B2A' }, secondary: { main: '#2F3E46' } },
  HEALTH: { primary: { main: '#1F6FB2' }, secondary: { main: '#2B3445' } },
  GIFT: { primary: { main: '#B0306A' }, secondary: { main: '#3D1C4B' } },
};

const shared = {
  breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } },
  spacing: 8,
  shape: { borderRadius: 4 },
  typography: { fontSize: 14, fontFamily: FONT_STACK, button: { textTransform: 'none', fontWeight: 600 } },
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: false } },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
  },
};

const cache = new Map();

/**
 * The theme for MUI's ThemeProvider, scoped to MUI (`{ [THEME_ID]: theme }`). The providers copy
 * an unscoped theme into a new object in a useMemo, which on the server means every render: each
 * cache keyed by the theme (sharedStyles, MUI's memoTheme) then missed and serialized its styles
 * again per render. A scoped theme reaches components as this same object every time.
 */
export function shopTheme(name = 'DEFAULT', direction = 'ltr') {
  const key = `${name}:${direction}`;
  if (!cache.has(key)) {
    const palette = PALETTES[name] || PALETTES.DEFAULT;
    cache.set(key, {
      [THEME_ID]: createTheme({
        ...shared,
        direction,
        palette: {
          ...palette,
          background: { default: '#F6F9FC', paper: '#FFFFFF' },
          text: { primary: '#2B3445', secondary: '#5A6474' },
          success: { main: '#2E7D32' },
          grey: { 100: '#F3F5F9', 200: '#EBEFF4', 300: '#DAE1E7', 600: '#5A6474' },
        },
      }),
    });
  }
  return cache.get(key);
}
