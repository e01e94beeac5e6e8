// ConfirmDialog, loaded the first time something asks (it is not needed to show a list).
// Once loaded it stays mounted, so it can animate closed.
import { lazy, Suspense, useState } from 'react';

const ConfirmDialog = lazy(() => import('../ConfirmDialog.jsx'));

export default function AskFirst({ open, ...props }) {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog open={open} {...props} />
    </Suspense>
  );
}
