// Toasts: `notify.success(text)`, `notify.error(text)`, `notify.info(text)`.
// react-toastify is loaded with the first toast, not with the page, to keep first-load JS small.
// Until its container has mounted, messages wait in a queue.
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import styleNonce from './styleNonce.js';

const pending = [];
let wanted = false;
let deliver = null;
const listeners = new Set();

function emit(type, message) {
  if (deliver) return deliver(type, message);
  pending.push([type, message]);
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
}

export const notify = {
  success: (message) => emit('success', message),
  error: (message) => emit('error', message),
  info: (message) => emit('info', message),
  warning: (message) => emit('warning', message),
};

const Container = lazy(async () => {
  const { ToastContainer, toast } = await import('react-toastify');
  function Mounted(props) {
    useEffect(() => {
      deliver = (type, message) => toast[type](message);
      pending.splice(0).forEach(([type, message]) => deliver(type, message));
    }, []);
    return <ToastContainer nonce={styleNonce()} {...props} />;
  }
  return { default: Mounted };
});

const subscribe = (listener) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

// SPEC §9: top-right, 5 s, no progress bar, newest on top, close on click, draggable,
// pause on hover, not on focus loss.
export default function Toasts() {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <Container
        position="top-right"
        autoClose={5000}
        hideProgressBar
        newestOnTop
        closeOnClick
        draggable
        pauseOnHover
        pauseOnFocusLoss={false}
      />
    </Suspense>
  );
}
