import { useEffect, useState } from 'react';
import { apiJson } from '../api/client';
import type { CourseProgress, Module } from '../api/types';
import type { MessageKey } from '../i18n/languages';

export interface DashboardData {
  loading: boolean;
  modules: Module[];
  progress: CourseProgress[];
  /** Spec 8 Dashboard: partial failures fall back to empty lists and are reported. */
  errors: MessageKey[];
}

/** GET /modules/all/with-courses and GET /courses/user-progress/ in parallel (fresh on every visit). */
export function useDashboardData(): DashboardData {
  const [data, setData] = useState<DashboardData>({ loading: true, modules: [], progress: [], errors: [] });
  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const [modules, progress] = await Promise.allSettled([
          apiJson<Module[]>('/modules/all/with-courses'),
          apiJson<CourseProgress[]>('/courses/user-progress/'),
        ]);
        const errors: MessageKey[] = [];
        if (modules.status === 'rejected') {
          console.error('Failed to load modules', modules.reason);
          errors.push('dashboard.errorModules');
        }
        if (progress.status === 'rejected') {
          console.error('Failed to load course progress', progress.reason);
          errors.push('dashboard.errorProgress');
        }
        if (!live) return;
        setData({
          loading: false,
          modules: modules.status === 'fulfilled' && Array.isArray(modules.value) ? modules.value : [],
          progress: progress.status === 'fulfilled' && Array.isArray(progress.value) ? progress.value : [],
          errors,
        });
      } catch (error) {
        console.error('Dashboard failed', error);
        if (live) setData({ loading: false, modules: [], progress: [], errors: ['dashboard.errorCritical'] });
      }
    })();
    return () => {
      live = false;
    };
  }, []);
  return data;
}
