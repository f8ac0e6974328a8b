/** Brief-web: the anonymous ID lives in localStorage under this key. */
export const ANONYMOUS_ID_KEY = 'osaps.anonymousId';

export function readAnonymousId(): string | null {
  try {
    return localStorage.getItem(ANONYMOUS_ID_KEY);
  } catch {
    return null;
  }
}

export function storeAnonymousId(id: string): void {
  localStorage.setItem(ANONYMOUS_ID_KEY, id);
}

export function clearAnonymousId(): void {
  try {
    localStorage.removeItem(ANONYMOUS_ID_KEY);
  } catch {
    // Nothing stored.
  }
}
