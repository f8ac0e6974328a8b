import { useQuery } from '@tanstack/react-query';
import type { Stats } from 'lms-api/contract';
import { apiJson } from '../data/http';
import { API_BASE } from '../data/session';

export interface TimelinePoint {
  date: string;
  signups: number;
  completions: number;
}

interface DayCount {
  date: string;
  count: number;
}

/** GET /api/v1/admin/stats (lms-api contract). */
export type StatsResponse = Stats;

export const STAT_KEYS = ['users', 'active_users', 'admins', 'modules', 'courses', 'active_courses', 'in_progress', 'completions'] as const;

/** One point per day with both series (days missing from one series count 0). */
export function mergeTimeline(signups: DayCount[], completions: DayCount[]): TimelinePoint[] {
  const byDate = new Map<string, TimelinePoint>();
  for (const { date, count } of signups) byDate.set(date, { date, signups: count, completions: 0 });
  for (const { date, count } of completions) {
    const point = byDate.get(date) ?? { date, signups: 0, completions: 0 };
    point.completions = count;
    byDate.set(date, point);
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

export function useStats() {
  return useQuery({ queryKey: ['admin-stats'], queryFn: () => apiJson<StatsResponse>(`${API_BASE}/admin/stats`), retry: false });
}
