/** How an admin sees a user: nickname and masked ID, never the full ID (DESIGN.md 6). */
export function userLabel(user: { nickname: string | null; anonymous_id: string }, translate: (key: string) => string): string {
  return user.nickname ? `${user.nickname} (${user.anonymous_id})` : `${translate('app.users.anonymous')} (${user.anonymous_id})`;
}
