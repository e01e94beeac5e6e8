// The emotion cache for right-to-left layouts: stylis flips every physical direction.
// Loaded only when a visitor chose rtl.
import createCache from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

export default createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
