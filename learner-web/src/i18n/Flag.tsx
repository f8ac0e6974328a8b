import type { Language } from './languages';

/** Small flags drawn inline (no external images); decorative, the language name is always written next to it. */
export function Flag({ language }: { language: Language }) {
  const common = { width: 24, height: 16, viewBox: '0 0 3 2', 'aria-hidden': true, focusable: false, className: 'flag' } as const;
  switch (language) {
    case 'fr':
      return (
        <svg {...common}>
          <rect width="1" height="2" fill="#002654" />
          <rect x="1" width="1" height="2" fill="#fff" />
          <rect x="2" width="1" height="2" fill="#ce1126" />
        </svg>
      );
    case 'de':
      return (
        <svg {...common}>
          <rect width="3" height="0.667" fill="#000" />
          <rect y="0.667" width="3" height="0.667" fill="#dd0000" />
          <rect y="1.333" width="3" height="0.667" fill="#ffce00" />
        </svg>
      );
    case 'lb':
      return (
        <svg {...common}>
          <rect width="3" height="0.667" fill="#ed2939" />
          <rect y="0.667" width="3" height="0.667" fill="#fff" />
          <rect y="1.333" width="3" height="0.667" fill="#00a1de" />
        </svg>
      );
    case 'en':
      return (
        <svg {...common} viewBox="0 0 60 40">
          <rect width="60" height="40" fill="#012169" />
          <path d="M0 0 60 40M60 0 0 40" stroke="#fff" strokeWidth="8" />
          <path d="M0 0 60 40M60 0 0 40" stroke="#c8102e" strokeWidth="3" />
          <path d="M30 0v40M0 20h60" stroke="#fff" strokeWidth="12" />
          <path d="M30 0v40M0 20h60" stroke="#c8102e" strokeWidth="7" />
        </svg>
      );
  }
}
