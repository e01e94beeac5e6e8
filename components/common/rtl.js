// The emotion cache for right-to-left layouts: stylis flips every physical direction.
// Loaded only when a visitor chose rtl. Only the rtl plugin is added: emotion's own stylis
// (4.2) prefixes already, and mixing in another stylis version's prefixer breaks some rules.
import createCache from '@emotion/cache';
import rtlPlugin from 'stylis-plugin-rtl';
import styleNonce from './styleNonce.js';

export default createCache({ key: 'muirtl', nonce: styleNonce(), stylisPlugins: [rtlPlugin] });
