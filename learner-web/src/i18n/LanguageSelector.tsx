import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { Flag } from './Flag';
import { useI18n } from './I18nContext';
import { LANGUAGES, LANGUAGE_NAMES, pathInLanguage, rememberLanguage } from './languages';

/** Spec 2: the list opens above its button when less than this room (px) remains below. */
export const DROPDOWN_ROOM_NEEDED = 300;

/**
 * Disclosure button + list of links (one per language). A link rewrites the first path segment and, being a
 * real link, reloads the page in that language (spec 2). Arrow keys move through the list, Escape closes it.
 */
export function LanguageSelector() {
  const { language, t } = useI18n();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [upward, setUpward] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = useId();

  const links = () => Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);

  const openList = (focus: 'first' | 'last' | 'current' | null) => {
    const rect = buttonRef.current?.getBoundingClientRect();
    setUpward(!!rect && window.innerHeight - rect.bottom < DROPDOWN_ROOM_NEEDED);
    setOpen(true);
    if (focus) {
      requestAnimationFrame(() => {
        const all = links();
        const target = focus === 'first' ? all[0] : focus === 'last' ? all[all.length - 1] : all.find((a) => a.getAttribute('aria-current')) ?? all[0];
        target?.focus();
      });
    }
  };

  const close = (restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openList('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openList('last');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onListKeyDown = (event: KeyboardEvent) => {
    const all = links();
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    let next = -1;
    if (event.key === 'ArrowDown') next = (index + 1) % all.length;
    else if (event.key === 'ArrowUp') next = (index - 1 + all.length) % all.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = all.length - 1;
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
      return;
    }
    if (next >= 0) {
      event.preventDefault();
      all[next]?.focus();
    }
  };

  return (
    <div
      className="language-selector"
      ref={rootRef}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="language-button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => (open ? close(false) : openList(null))}
        onKeyDown={onButtonKeyDown}
      >
        <Flag language={language} />
        <span className="visually-hidden">{t('language.label')}, </span>
        <span>{LANGUAGE_NAMES[language]}</span>
        <span aria-hidden="true" className="chevron">
          {open !== upward ? '▴' : '▾'}
        </span>
      </button>
      <ul
        id={listId}
        ref={listRef}
        className={`language-list${upward ? ' upward' : ''}`}
        hidden={!open}
        aria-label={t('language.listLabel')}
        onKeyDown={onListKeyDown}
      >
        {LANGUAGES.map((code) => (
          <li key={code}>
            <a
              href={pathInLanguage(location.pathname, code) + location.search + location.hash}
              lang={code}
              hrefLang={code}
              aria-current={code === language ? 'true' : undefined}
              onClick={() => rememberLanguage(code)}
            >
              <Flag language={code} />
              <span>{LANGUAGE_NAMES[code]}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
