/** A "nice" upper bound for a chart axis: 1, 2 or 5 times a power of ten, at least `max`. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** SVG polyline points for a series over a fixed width and height. */
export function linePoints(values: readonly number[], width: number, height: number, max: number): string {
  if (values.length === 0) return '';
  const dx = values.length > 1 ? width / (values.length - 1) : 0;
  return values.map((v, i) => `${(i * dx).toFixed(1)},${(height - (v / max) * height).toFixed(1)}`).join(' ');
}
