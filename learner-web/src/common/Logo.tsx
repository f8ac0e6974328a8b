/** The platform's mark, drawn inline; the accessible name comes from the link or button around it. */
export function Logo() {
  return (
    <svg className="logo" width="40" height="40" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="6" fill="#00325f" />
      <path d="M9 22V10h5a4 4 0 0 1 0 8h-2v4z" fill="#fff" />
      <circle cx="22" cy="20" r="3" fill="#ffd24d" />
    </svg>
  );
}
