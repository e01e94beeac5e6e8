// Toasts exactly as SPEC §9 says: top-right, 5 s, no progress bar, newest on top, close on
// click, draggable, pause on hover, not on focus loss.
import { ToastContainer } from 'react-toastify';

export default function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      hideProgressBar
      newestOnTop
      closeOnClick
      draggable
      pauseOnHover
      pauseOnFocusLoss={false}
    />
  );
}
