/** Spec 9: a drag longer than this (px) switches slide. */
export const DRAG_THRESHOLD_PX = 50;
/** Spec 4: after a drag, module selection waits this long (ms). */
export const SELECT_DELAY_AFTER_DRAG_MS = 200;

/** -1 (previous), 1 (next) or 0 for a horizontal drag of `dx` pixels. */
export function dragDirection(dx: number): -1 | 0 | 1 {
  if (Math.abs(dx) <= DRAG_THRESHOLD_PX) return 0;
  return dx < 0 ? 1 : -1;
}

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}
