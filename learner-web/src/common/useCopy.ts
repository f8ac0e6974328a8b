import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec 9: the 'copied' state lasts 2 seconds. */
export const COPY_FEEDBACK_MS = 2000;

/** Copies text to the clipboard; `copied` stays true for 2 s after a successful copy. */
export function useCopy(): { copied: boolean; copy(text: string): Promise<void> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch (error) {
      console.error('Copy failed', error);
      return;
    }
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
  }, []);
  return { copied, copy };
}
