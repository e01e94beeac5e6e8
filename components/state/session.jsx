// The signed-in session. Admin pages get it from the server with their props; elsewhere it is
// read from /api/auth/session after hydration. A session reporting `SessionTimedOut` is signed
// out without a redirect.
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState } from 'react';

const SessionContext = createContext({ status: 'loading', data: null });

export async function csrfToken() {
  const response = await fetch('/api/auth/csrf', { credentials: 'same-origin' });
  return (await response.json()).csrfToken;
}

export async function signOut() {
  const body = new URLSearchParams({ csrfToken: await csrfToken(), json: 'true' });
  await fetch('/api/auth/signout', { method: 'POST', body, credentials: 'same-origin' });
}

export function SessionProvider({ initial, children }) {
  const [state, setState] = useState(
    initial === undefined
      ? { status: 'loading', data: null }
      : { status: initial?.user ? 'authenticated' : 'unauthenticated', data: initial },
  );

  const refresh = useCallback(async () => {
    const response = await fetch('/api/auth/session', { credentials: 'same-origin' });
    const data = await response.json();
    if (data?.error === 'SessionTimedOut') {
      await signOut();
      startTransition(() => setState({ status: 'unauthenticated', data: null, error: data.error }));
      return;
    }
    startTransition(() => setState({ status: data?.user ? 'authenticated' : 'unauthenticated', data: data?.user ? data : null }));
  }, []);

  useEffect(() => {
    refresh().catch(() => setState({ status: 'unauthenticated', data: null }));
  }, [refresh]);

  const value = useMemo(() => ({ ...state, refresh }), [state, refresh]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export const useSession = () => useContext(SessionContext);
