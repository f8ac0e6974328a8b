import { useCallback, useEffect, useState } from 'react';
import { apiJson } from '../api/client';
import type { Course, LaunchInfo } from '../api/types';
import type { MessageKey, MessageParams } from '../i18n/languages';

export type PlayerLoad =
  | { state: 'loading' }
  | { state: 'error'; message: MessageKey; params?: MessageParams }
  | { state: 'ready'; course: Course; launch: LaunchInfo | null };

/** GET /courses/id/{id} then, for playable types, GET /courses/id/{id}/launch (spec 7). */
export function usePlayerLaunch(courseId: number | null, hasUser: boolean): { load: PlayerLoad; retry(): void } {
  const [load, setLoad] = useState<PlayerLoad>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (courseId == null) {
      setLoad({ state: 'error', message: 'player.errorInvalidId' });
      return;
    }
    if (!hasUser) {
      setLoad({ state: 'error', message: 'player.errorUserMissing' });
      return;
    }
    let live = true;
    setLoad({ state: 'loading' });
    (async () => {
      try {
        const course = await apiJson<Course>(`/courses/id/${courseId}`);
        if (course.content_type !== 'scorm') {
          if (live) setLoad({ state: 'ready', course, launch: null });
          return;
        }
        const launch = await apiJson<LaunchInfo>(`/courses/id/${courseId}/launch`);
        if (!live) return;
        if (!launch?.launch_url) setLoad({ state: 'error', message: 'player.errorLaunchUrl' });
        else setLoad({ state: 'ready', course, launch });
      } catch (error) {
        console.error('Course load failed', error);
        if (live) setLoad({ state: 'error', message: 'player.errorLoad', params: { message: error instanceof Error ? error.message : String(error) } });
      }
    })();
    return () => {
      live = false;
    };
  }, [courseId, hasUser, attempt]);

  const retry = useCallback(() => {
    if (courseId == null || !hasUser) {
      setLoad({ state: 'error', message: 'player.errorRetryMissing' });
      return;
    }
    setAttempt((value) => value + 1);
  }, [courseId, hasUser]);

  return { load, retry };
}
