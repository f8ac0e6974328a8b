import { describe, expect, it } from 'vitest';
import { linePoints, niceMax } from './chartScale';

describe('chart scale', () => {
  it('rounds the axis maximum up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(3)).toBe(5);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(17)).toBe(20);
    expect(niceMax(120)).toBe(200);
  });
  it('maps values to SVG points, top = max', () => {
    expect(linePoints([0, 5, 10], 100, 50, 10)).toBe('0.0,50.0 50.0,25.0 100.0,0.0');
    expect(linePoints([], 100, 50, 10)).toBe('');
  });
});
