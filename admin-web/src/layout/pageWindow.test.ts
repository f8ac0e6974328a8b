import { describe, expect, it } from 'vitest';
import { nextSortOrder, pageWindow } from './pageWindow';

describe('pageWindow (spec 9: window of 5 page numbers)', () => {
  it('centres the current page and stays inside the range', () => {
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 12)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(12, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

describe('nextSortOrder (spec 9: dates start descending, others ascending)', () => {
  it('starts a new column with its first order, then toggles', () => {
    const current = { field: 'last_login', order: 'DESC' as const };
    expect(nextSortOrder(current, 'created_at', 'DESC')).toBe('DESC');
    expect(nextSortOrder(current, 'nickname', 'ASC')).toBe('ASC');
    expect(nextSortOrder(current, 'last_login', 'DESC')).toBe('ASC');
    expect(nextSortOrder({ field: 'nickname', order: 'ASC' }, 'nickname', 'ASC')).toBe('DESC');
  });
});
