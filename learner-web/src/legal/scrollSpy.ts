/** Spec 9: scroll-spy offset and back-to-top threshold (px). */
export const SCROLL_SPY_OFFSET = 100;
export const BACK_TO_TOP_THRESHOLD = 200;

/**
 * The section being read: the last one whose top is at or above the offset line (else the first). A section
 * scrolled to with `scroll-margin-top` equal to the offset lands a fraction of a pixel below it, hence the 1 px.
 */
export function activeSection(tops: { id: string; top: number }[], offset = SCROLL_SPY_OFFSET): string | null {
  let current: string | null = tops[0]?.id ?? null;
  for (const { id, top } of tops) if (top - offset < 1) current = id;
  return current;
}
