import { describe, expect, it } from 'vitest';
import { activeSection } from './scrollSpy';

describe('scroll-spy (offset 100 px)', () => {
  const sections = (tops: number[]) => tops.map((top, index) => ({ id: `s${index}`, top }));
  it('marks the last section whose top passed the offset line', () => {
    expect(activeSection(sections([0, 400, 900]))).toBe('s0');
    expect(activeSection(sections([-500, 100, 600]))).toBe('s1');
    expect(activeSection(sections([-500, 100.4, 600]))).toBe('s1');
    expect(activeSection(sections([-500, 101, 600]))).toBe('s0');
    expect(activeSection(sections([-900, -400, 50]))).toBe('s2');
    expect(activeSection(sections([300, 900]))).toBe('s0');
    expect(activeSection([])).toBeNull();
  });
});
