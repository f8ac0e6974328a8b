import type { Sql } from '../sql';
import { recordScormTracking, type TrackingMap } from './mapping';

/**
 * Structural shape of one saved tracking call as lms-api's progress service hands it to its
 * recorder (lms-api/src/progress/service.ts `TrackingSaved`), restated so lrs needs no lms-api import.
 */
export interface SavedTracking {
  user: { actor_name: string };
  course: { id: number; title: string; content_type: string; version: string | null; package_version?: number };
  previous: { tracking_data: TrackingMap } | null;
  next: { tracking_data: TrackingMap };
  sessionSeconds: number;
  isFinal: boolean;
  /** Attempt number of the learner in the course, when the caller knows it (default 1). */
  attempt?: number;
}

function hhmmss(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/**
 * The progress recorder for SCORM courses: maps each save to statements of the ADL xAPI SCORM
 * Profile inside the save's own transaction (DESIGN.md 3). Other content types are left alone.
 */
export function createScormRecorder(options: { publicUrl: string }): (tx: Sql, saved: SavedTracking) => Promise<void> {
  return async (tx, saved) => {
    if (saved.course.content_type !== 'scorm') return;
    await recordScormTracking(tx, {
      homePage: options.publicUrl,
      actorName: saved.user.actor_name,
      courseId: saved.course.id,
      title: saved.course.title,
      attempt: saved.attempt ?? 1,
      version: saved.course.version,
      previous: saved.previous?.tracking_data ?? null,
      next: saved.next.tracking_data,
      timeSpent: saved.sessionSeconds > 0 ? hhmmss(saved.sessionSeconds) : null,
      isFinal: saved.isFinal,
    }, { inTransaction: true });
  };
}
