// Layout settings kept in the browser: text direction (localStorage key `settings`) and the
// header-fixed flag. The server always renders ltr; the saved direction applies after hydration.
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState } from 'react';

const STORAGE_KEY = 'settings';
const DEFAULTS = { direction: 'ltr' };
const SettingsContext = createContext(null);

function readSaved() {
  try {
    return { ...DEFAULTS, ...JSON.parse(window.localStorage.getItem(STORAGE_KEY) || '{}') };
  } catch {
    return DEFAULTS;
  }
}

export function SettingsProvider({ children }) {
  const [settings, setSettings] = useState(DEFAULTS);
  const [isHeaderFixed, setHeaderFixed] = useState(false);

  // A transition: an urgent update here would make React drop the server markup of sections
  // still waiting for their chunk and render them from scratch.
  useEffect(() => startTransition(() => setSettings(readSaved())), []);
  useEffect(() => {
    document.documentElement.dir = settings.direction;
  }, [settings.direction]);

  const updateSettings = useCallback((patch) => {
    setSettings((old) => {
      const next = { ...old, ...patch };
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
      return next;
    });
  }, []);

  const value = useMemo(
    () => ({ settings, updateSettings, isHeaderFixed, toggleHeaderFixed: () => setHeaderFixed((v) => !v) }),
    [settings, updateSettings, isHeaderFixed],
  );
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export const useSettings = () => useContext(SettingsContext);
