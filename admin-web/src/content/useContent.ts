import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { contentApi } from './contentApi';
import type { Course, ModuleWithCourses } from './types';

const byOrder = (a: { order: number; id: number }, b: { order: number; id: number }) => a.order - b.order || a.id - b.id;
const byLevel = (a: Course, b: Course) => a.level - b.level || a.id - b.id;

export interface ContentView {
  modules: ModuleWithCourses[];
  unassigned: Course[];
  allCourses: Course[];
}

/** Spec 7 "How answers are used": modules with courses (both include flags) and all courses, sorted for display. */
export function useContent() {
  const modulesQuery = useQuery({ queryKey: ['content', 'modules'], queryFn: contentApi.modulesWithCourses, retry: false });
  const coursesQuery = useQuery({ queryKey: ['content', 'courses'], queryFn: contentApi.allCourses, retry: false });
  const view = useMemo<ContentView>(() => {
    const modules = (modulesQuery.data ?? [])
      .slice()
      .sort(byOrder)
      .map((m) => ({ ...m, courses: m.courses.slice().sort(byLevel) }));
    const allCourses = coursesQuery.data ?? [];
    return { modules, allCourses, unassigned: allCourses.filter((c) => c.module_id === null).sort(byLevel) };
  }, [modulesQuery.data, coursesQuery.data]);
  const { refetch: refetchModules } = modulesQuery;
  const { refetch: refetchCourses } = coursesQuery;
  const reload = useCallback(async () => {
    await Promise.all([refetchModules(), refetchCourses()]);
  }, [refetchModules, refetchCourses]);
  return {
    ...view,
    isPending: modulesQuery.isPending || coursesQuery.isPending,
    modulesError: modulesQuery.error,
    coursesError: coursesQuery.error,
    reload,
  };
}

/** A message that disappears after `ms` (spec 9: success banner time-out 3 s). */
export function useTimedMessage(ms: number): [string | null, (message: string | null) => void] {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (message === null) return undefined;
    const handle = window.setTimeout(() => setMessage(null), ms);
    return () => window.clearTimeout(handle);
  }, [message, ms]);
  return [message, setMessage];
}

export const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));
