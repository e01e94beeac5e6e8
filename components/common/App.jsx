// The shell around every page: theme by path, direction from settings (RTL mirrors the layout
// through an emotion cache with the stylis RTL plugin), cart, toasts and the loading bar styles.
import { useEffect, useState } from 'react';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { shopTheme } from '../theme/index.js';
import { SettingsProvider, useSettings } from '../state/settings.jsx';
import { CartProvider } from '../state/cart.jsx';
import { SessionProvider } from '../state/session.jsx';
import Toasts from './toast.jsx';
import { setShopCurrency } from './currency.js';

// The rtl emotion cache, loaded the first time a visitor's settings ask for rtl.
function useRtlCache(direction) {
  const [cache, setCache] = useState(null);
  useEffect(() => {
    if (direction === 'rtl' && !cache) import('./rtl.js').then((module) => setCache(module.default));
  }, [direction, cache]);
  return direction === 'rtl' ? cache : null;
}

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
  const wanted = settings.direction === 'rtl' ? 'rtl' : 'ltr';
  const rtlCache = useRtlCache(wanted);
  // Until the rtl styles have loaded, keep rendering ltr so the page never half-flips.
  const direction = rtlCache ? 'rtl' : 'ltr';
  const theme = shopTheme(page.theme, direction);
  const body = (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <GlobalStyles styles={progressBar} />
      {children}
      <Toasts />
    </ThemeProvider>
  );
  return rtlCache ? <CacheProvider value={rtlCache}>{body}</CacheProvider> : body;
}

export default function App({ page, children }) {
  const config = page.config || {};
  // Before any price below renders: the same currency on the server render and in the browser.
  setShopCurrency(config.payments?.currency);
  return (
    <SettingsProvider>
      <SessionProvider initial={page.props?.session}>
        <CartProvider config={config}>
          <Themed page={page}>{children}</Themed>
        </CartProvider>
      </SessionProvider>
    </SettingsProvider>
  );
}
