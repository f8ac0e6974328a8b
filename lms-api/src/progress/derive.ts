import type { TrackingData } from './schema';

/** What one SCO's data-model values say about it. */
export interface ScoSummary {
  completed: boolean;
  successStatus: 'passed' | 'failed' | null;
  /** Percentage 0..100 or null when the SCO reports no score. */
  score: number | null;
  /** cmi.progress_measure as a percentage, or null. */
  progress: number | null;
}

export interface TrackingSummary {
  status: 'in_progress' | 'completed';
  successStatus: 'passed' | 'failed' | null;
  completionPercentage: number;
  score: number | null;
  scoCount: number;
  completedScos: number;
}

const DATA_MODEL_ROOT = /(?:cmi|adl)\./;

function num(value: string | number | boolean | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

const clamp = (value: number, min = 0, max = 100) => Math.min(max, Math.max(min, value));

/**
 * Multi-SCO packages send each SCO's elements under a prefix (`<scoId>/cmi.core.lesson_status`): keys are grouped
 * by whatever precedes `cmi.`/`adl.`; a single-SCO package uses the empty prefix. Other keys are ignored.
 */
export function groupBySco(data: TrackingData): Map<string, Record<string, string | number | boolean>> {
  const groups = new Map<string, Record<string, string | number | boolean>>();
  for (const [key, value] of Object.entries(data)) {
    const match = DATA_MODEL_ROOT.exec(key);
    if (!match) continue;
    const prefix = key.slice(0, match.index);
    const group = groups.get(prefix) ?? {};
    group[key.slice(match.index)] = value;
    groups.set(prefix, group);
  }
  return groups;
}

function scorePercentage(scaled: number | null, raw: number | null, min: number | null, max: number | null): number | null {
  // SCORM 2004 RTE 4.2.20.5: cmi.score.scaled is -1..1; as a percentage only its positive part is meaningful.
  if (scaled !== null) return clamp(scaled * 100);
  if (raw === null) return null;
  // SCORM 1.2 RTE 3.4.2.2.2 / 2004 RTE 4.2.20.2: raw lies between min and max when they are given.
  const low = min ?? 0;
  if (max !== null && max > low) return clamp(((raw - low) / (max - low)) * 100);
  return clamp(raw);
}

export function summariseSco(values: Record<string, string | number | boolean>): ScoSummary {
  const text = (key: string) => (typeof values[key] === 'string' ? (values[key] as string).toLowerCase() : null);
  // SCORM 1.2 RTE 3.4.2.1.4 cmi.core.lesson_status: passed, completed, failed, incomplete, browsed, not attempted.
  const lessonStatus = text('cmi.core.lesson_status');
  // SCORM 2004 RTE 4.2.4 cmi.completion_status and 4.2.22 cmi.success_status.
  const completionStatus = text('cmi.completion_status');
  const successStatus = text('cmi.success_status');
  const completed =
    lessonStatus === 'passed' || lessonStatus === 'completed' || completionStatus === 'completed' || successStatus === 'passed';
  const success =
    lessonStatus === 'passed' || successStatus === 'passed'
      ? 'passed'
      : lessonStatus === 'failed' || successStatus === 'failed'
        ? 'failed'
        : null;
  const score = scorePercentage(
    num(values['cmi.score.scaled']),
    num(values['cmi.core.score.raw'] ?? values['cmi.score.raw']),
    num(values['cmi.core.score.min'] ?? values['cmi.score.min']),
    num(values['cmi.core.score.max'] ?? values['cmi.score.max']),
  );
  // SCORM 2004 RTE 4.2.18 cmi.progress_measure: 0..1 share of the SCO completed.
  const measure = num(values['cmi.progress_measure']);
  return { completed, successStatus: success, score, progress: measure === null ? null : clamp(measure * 100) };
}

/**
 * Course-level status from the merged tracking data. A multi-SCO course is complete when all its SCOs are
 * (at least `chapterCount` of them); its percentage is the share of SCOs completed.
 */
export function summariseTracking(data: TrackingData, chapterCount: number): TrackingSummary {
  const scos = [...groupBySco(data)].map(([prefix, values]) => ({ prefix, ...summariseSco(values) }));
  const multi = scos.some((sco) => sco.prefix !== '');
  const scoCount = multi ? Math.max(chapterCount, scos.length) : 1;
  const completedScos = scos.filter((sco) => sco.completed).length;
  const completed = scos.length > 0 && completedScos >= scoCount;

  let completionPercentage: number;
  if (completed) completionPercentage = 100;
  else if (!multi) completionPercentage = scos[0]?.progress ?? 0;
  else completionPercentage = (scos.reduce((sum, sco) => sum + (sco.completed ? 1 : (sco.progress ?? 0) / 100), 0) / scoCount) * 100;

  const scored = scos.filter((sco) => sco.score !== null).map((sco) => sco.score as number);
  const score = scored.length ? scored.reduce((a, b) => a + b, 0) / scored.length : null;

  let successStatus: TrackingSummary['successStatus'] = null;
  if (scos.some((sco) => sco.successStatus === 'failed')) successStatus = 'failed';
  else if (scos.length > 0 && scos.filter((sco) => sco.successStatus === 'passed').length >= scoCount) successStatus = 'passed';

  return {
    status: completed ? 'completed' : 'in_progress',
    successStatus,
    completionPercentage: Math.round(clamp(completionPercentage) * 100) / 100,
    score: score === null ? null : Math.round(score * 100) / 100,
    scoCount,
    completedScos,
  };
}

/** 'HH:MM:SS(.ss)' -> whole seconds. */
export function parseDuration(value: string): number {
  const [hours, minutes, seconds] = value.split(':');
  return Number(hours) * 3600 + Number(minutes) * 60 + Math.floor(Number(seconds));
}

/** Seconds -> 'HH:MM:SS' (hours padded to two digits, more when needed). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}
