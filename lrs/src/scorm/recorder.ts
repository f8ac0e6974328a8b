import type { Sql } from '../sql';
import { quietSaveCondition, recordScormTracking, type TrackingMap } from './mapping';

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

/** The learning-record side of progress saves, as lms-api's progress service uses it (its `TrackingRecorder`). */
export interface ScormRecorder {
  /**
   * Maps one save to statements inside the save's own transaction (DESIGN.md 3). Answers the SCOs whose session is
   * open afterwards (kept beside the progress for `quietSave`), or null for other content types (nothing recorded).
   */
  record(tx: Sql, saved: SavedTracking): Promise<{ openScos: string[] } | null>;
  /** What a save must leave unchanged to record nothing (see quietSaveCondition). */
  quietSave(sent: TrackingMap): { scos: string[]; recorded: TrackingMap };
}

/** The progress recorder for SCORM courses: statements of the ADL xAPI SCORM Profile. Other content types are left alone. */
export function createScormRecorder(options: { publicUrl: string }): ScormRecorder {
  return {
    async record(tx, saved) {
      if (saved.course.content_type !== 'scorm') return null;
      const { openScos } = await recordScormTracking(tx, {
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
      return { openScos };
    },
    quietSave: (sent) => quietSaveCondition(sent),
  };
}
