// The shell around every page: theme by path, direction from settings (RTL mirrors the layout
// through an emotion cache with the stylis RTL plugin), cart, toasts and the loading bar styles.
import { useEffect, useMemo, useState } from 'react';
import { CacheProvider } from '@emotion/react';
import createCache from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { shopTheme } from '../theme/index.js';
import { SettingsProvider, useSettings } from '../state/settings.jsx';
import { CartProvider } from '../state/cart.jsx';
import { SessionProvider } from '../state/session.jsx';
import Toasts from './Toasts.jsx';

let rtlCache;
const getRtlCache = () => (rtlCache ||= createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] }));

const progressBar = (theme) => ({
  '#nprogress': { pointerEvents: 'none' },
  '#nprogress .bar': {
    background: theme.palette.primary.main,
    position: 'fixed',
    zIndex: 2000,
    top: 0,
    left: 0,
    width: '100%',
    height: 3,
  },
  '#nprogress .peg': { display: 'none' },
});

function Themed({ page, children }) {
  const { settings } = useSettings();
  const direction = settings.direction === 'rtl' ? 'rtl' : 'ltr';
  const theme = shopTheme(page.theme, direction);
  const body = (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <GlobalStyles styles={progressBar} />
      {children}
      <Toasts />
    </ThemeProvider>
  );
  return direction === 'rtl' ? <CacheProvider value={getRtlCache()}>{body}</CacheProvider> : body;
}

export default function App({ page, children }) {
  const config = page.config || {};
  return (
    <SettingsProvider>
      <SessionProvider initial={page.props?.session}>
        <CartProvider demo={!!config.demo}>
          <Themed page={page}>{children}</Themed>
        </CartProvider>
      </SessionProvider>
    </SettingsProvider>
  );
}
