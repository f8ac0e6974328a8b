import { CheckIcon, CopyIcon } from './icons';
import { useCopy } from './useCopy';

/** A copy button whose label turns into the 'copied' text for 2 s; the change is announced politely. */
export function CopyButton({ text, label, copiedLabel }: { text: string; label: string; copiedLabel: string }) {
  const { copied, copy } = useCopy();
  return (
    <>
      <button type="button" className="button secondary copy-button" onClick={() => void copy(text)} data-copied={copied || undefined}>
        {copied ? <CheckIcon /> : <CopyIcon />}
        {copied ? copiedLabel : label}
      </button>
      <span className="visually-hidden" role="status">
        {copied ? copiedLabel : ''}
      </span>
    </>
  );
}
