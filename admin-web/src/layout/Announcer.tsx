import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { visuallyHidden } from './visuallyHidden';

type Announce = (message: string) => void;
const AnnouncerContext = createContext<Announce>(() => undefined);

/**
 * One polite live region for the console (WCAG 4.1.3): moves made with buttons are announced there, in the
 * console's language. Re-announcing the same text works because each message gets a fresh key.
 */
export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<{ text: string; key: number }>({ text: '', key: 0 });
  const announce = useCallback<Announce>((text) => setMessage((previous) => ({ text, key: previous.key + 1 })), []);
  return (
    <AnnouncerContext.Provider value={announce}>
      {children}
      <div role="status" aria-live="polite" aria-atomic="true" style={visuallyHidden} data-testid="announcer">
        <span key={message.key}>{message.text}</span>
      </div>
    </AnnouncerContext.Provider>
  );
}

export const useAnnounce = (): Announce => useContext(AnnouncerContext);
