import { useQuery } from '@tanstack/react-query';
import type { UserProgressRow } from 'lms-api/contract';
import { apiJson } from '../data/http';
import { API_BASE } from '../data/session';

/** Spec 3 User progress detail row (lms-api contract). */
export type { UserProgressRow };

/** GET /api/v1/users/admin/users/{id}/progress (spec 7), only while the detail is open. */
export function useUserProgress(userId: number | null) {
  return useQuery({
    queryKey: ['user-progress', userId],
    queryFn: () => apiJson<UserProgressRow[]>(`${API_BASE}/users/admin/users/${userId}/progress`),
    enabled: userId !== null,
    retry: false,
  });
}
