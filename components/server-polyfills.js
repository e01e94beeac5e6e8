// The bare V8 isolate lacks a few web globals that bundled npm code touches while loading.
// Only what module evaluation needs is provided; rendering itself uses strings.
if (typeof globalThis.TextEncoder === 'undefined') {
  globalThis.TextEncoder = class TextEncoder {
    get encoding() {
      return 'utf-8';
    }
    encode(text = '') {
      const utf8 = unescape(encodeURIComponent(text));
      const bytes = new Uint8Array(utf8.length);
      for (let i = 0; i < utf8.length; i += 1) bytes[i] = utf8.charCodeAt(i);
      return bytes;
    }
  };
}
if (typeof globalThis.setTimeout === 'undefined') {
  // Scheduled work never runs in a render; React only schedules, never waits on these.
  globalThis.setTimeout = () => 0;
  globalThis.clearTimeout = () => {};
}
if (typeof globalThis.MessageChannel === 'undefined') {
  // React's scheduler wires one up at load; synchronous renderToString never posts to it.
  globalThis.MessageChannel = class MessageChannel {
    constructor() {
      this.port1 = { onmessage: null, postMessage() {}, close() {} };
      this.port2 = { onmessage: null, postMessage() {}, close() {} };
    }
  };
}
