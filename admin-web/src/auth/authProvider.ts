import type { AuthProvider } from 'react-admin';
import { apiJson, ApiError } from '../data/http';
import { ANONYMOUS_ID_KEY, API_BASE, storedAnonymousId } from '../data/session';
import { currentLanguage } from '../i18n/language';

export interface CurrentUser {
  id: number;
  anonymous_id: string;
  nickname: string | null;
  is_admin: boolean;
}

interface PlatformConfig {
  dev_admin_mode: boolean;
}

/** Where the guard sends a visitor who may not enter (spec 6): both are learner-web pages. */
export function learnerUrl(path: 'login' | 'learn?accessDenied=true'): string {
  return `${window.location.origin}/${currentLanguage()}/${path}`;
}

/**
 * Leaves the console for a learner-web page. The console is a different single-page app, so this is a full
 * navigation; the promise never settles, so react-admin neither renders the console nor routes to its own
 * login page while the browser leaves.
 */
function leaveFor(target: 'login' | 'learn?accessDenied=true'): Promise<never> {
  window.location.replace(learnerUrl(target));
  return new Promise<never>(() => undefined);
}

let cached: Promise<CurrentUser & { admin: boolean }> | null = null;

/** The signed-in user and whether they count as admin (spec 4: is_admin or dev_admin_mode). */
export function loadCurrentUser(): Promise<CurrentUser & { admin: boolean }> {
  cached ??= (async () => {
    const [user, config] = await Promise.all([
      apiJson<CurrentUser>(`${API_BASE}/users/me`),
      apiJson<PlatformConfig>(`${API_BASE}/config`).catch(() => ({ dev_admin_mode: false })),
    ]);
    return { ...user, admin: user.is_admin || config.dev_admin_mode };
  })();
  cached.catch(() => {
    cached = null;
  });
  return cached;
}

/** Decides where a visitor goes: null = may enter the console. Pure, so the rule is unit-tested. */
export function guardRedirect(state: { hasStoredId: boolean; user: { admin: boolean } | null }): 'login' | 'learn?accessDenied=true' | null {
  if (!state.hasStoredId || !state.user) return 'login';
  return state.user.admin ? null : 'learn?accessDenied=true';
}

export const authProvider: AuthProvider = {
  // The console has no login page of its own: signing in happens in learner-web.
  login: () => Promise.resolve(),
  // Leaving the console never signs the learner out of the platform.
  logout: () => Promise.resolve(),
  async checkAuth() {
    const hasStoredId = storedAnonymousId() !== null;
    let user: (CurrentUser & { admin: boolean }) | null = null;
    if (hasStoredId) {
      try {
        user = await loadCurrentUser();
      } catch (error) {
        // Spec 8: a failed user load clears the stored ID (an unknown ID answers 404).
        if (error instanceof ApiError && (error.status === 404 || error.status === 401)) window.localStorage.removeItem(ANONYMOUS_ID_KEY);
        user = null;
      }
    }
    const target = guardRedirect({ hasStoredId, user });
    if (target) await leaveFor(target);
  },
  async checkError(error: unknown) {
    const status = error && typeof error === 'object' && 'status' in error ? (error as { status: unknown }).status : null;
    if (status === 401) await leaveFor('login');
    if (status === 403) await leaveFor('learn?accessDenied=true');
  },
  async getIdentity() {
    const user = await loadCurrentUser();
    return { id: user.id, fullName: user.nickname ?? user.anonymous_id };
  },
  getPermissions: () => Promise.resolve('admin'),
};
