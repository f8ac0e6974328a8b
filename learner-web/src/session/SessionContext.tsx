import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { apiJson, postJson } from '../api/client';
import type { GeneratedIdentity, PlatformConfig, User } from '../api/types';
import { clearAnonymousId, readAnonymousId, storeAnonymousId } from './storage';

export interface SessionValue {
  /** null while loading or when the platform configuration could not be read. */
  config: PlatformConfig | null;
  configLoaded: boolean;
  user: User | null;
  /** Spec 4: becomes true once the stored ID (if any) has been tried. */
  userLoadComplete: boolean;
  isAdmin: boolean;
  login(anonymousId: string): Promise<User>;
  register(identity: GeneratedIdentity, nickname: string): Promise<User>;
  logout(): void;
  refreshUser(): Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

async function loadCurrentUser(): Promise<User | null> {
  if (!readAnonymousId()) return null;
  try {
    return await apiJson<User>('/users/me');
  } catch (error) {
    // Spec 4 Session / 8: a failed user load removes the stored ID.
    clearAnonymousId();
    throw error;
  }
}

/**
 * `initialConfig`: the configuration the server embedded in the page (see embeddedConfig.ts), so the first render
 * already knows maintenance mode, the contact form and the video, and matches a server-rendered page.
 */
export function SessionProvider({ children, initialConfig = null }: { children: ReactNode; initialConfig?: PlatformConfig | null }) {
  const [config, setConfig] = useState<PlatformConfig | null>(initialConfig);
  const [configLoaded, setConfigLoaded] = useState(initialConfig !== null);
  const [user, setUser] = useState<User | null>(null);
  const [userLoadComplete, setUserLoadComplete] = useState(false);

  const inFlight = useRef<Promise<void> | null>(null);

  /** Loads the user of the stored ID; concurrent callers share one request. */
  const refreshUser = useCallback(() => {
    inFlight.current ??= (async () => {
      try {
        setUser(await loadCurrentUser());
      } catch {
        setUser(null);
      } finally {
        setUserLoadComplete(true);
        inFlight.current = null;
      }
    })();
    return inFlight.current;
  }, []);

  useEffect(() => {
    let live = true;
    // The config answer also sets the anti-forgery cookie that later POSTs echo.
    apiJson<PlatformConfig>('/config')
      .then((value) => live && setConfig(value))
      .catch((error: unknown) => console.error('Failed to load the platform configuration', error))
      .finally(() => live && setConfigLoaded(true));
    void refreshUser();
    return () => {
      live = false;
    };
  }, [refreshUser]);

  const login = useCallback(async (anonymousId: string) => {
    // Spec 4: store the typed ID first, then load the current user.
    storeAnonymousId(anonymousId);
    const loaded = await loadCurrentUser();
    if (!loaded) throw new Error('No user');
    setUser(loaded);
    setUserLoadComplete(true);
    return loaded;
  }, []);

  const register = useCallback(async (identity: GeneratedIdentity, nickname: string) => {
    const trimmed = nickname.trim();
    const registered = await postJson<User>('/users/register', {
      anonymous_id: identity.anonymous_id,
      verification_token: identity.verification_token,
      ...(trimmed ? { nickname: trimmed } : {}),
    });
    storeAnonymousId(identity.anonymous_id);
    setUser(registered);
    setUserLoadComplete(true);
    return registered;
  }, []);

  const logout = useCallback(() => {
    // Spec 4: remove the stored ID, clear the user and the admin flag, reset the load-complete flag.
    clearAnonymousId();
    setUser(null);
    setUserLoadComplete(false);
  }, []);

  const value = useMemo<SessionValue>(
    () => ({
      config,
      configLoaded,
      user,
      userLoadComplete,
      isAdmin: !!user && (user.is_admin || !!config?.dev_admin_mode),
      login,
      register,
      logout,
      refreshUser,
    }),
    [config, configLoaded, user, userLoadComplete, login, register, logout, refreshUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
