import { EventEmitter } from 'node:events';

export const IMPORT_STAGES = ['receiving', 'extracting', 'detecting', 'parsing', 'converting', 'storing', 'done', 'failed'] as const;
export type ImportStage = (typeof IMPORT_STAGES)[number];

export interface ImportJobState {
  id: string;
  stage: ImportStage;
  /** Whole import, 0..100. */
  percent: number;
  message: string;
  /** The course created or updated, once done. */
  course_id: number | null;
  updated_at: string;
}

/** Where each stage starts and ends in the overall percentage. */
const RANGES: Record<ImportStage, [number, number]> = {
  receiving: [0, 5],
  extracting: [5, 40],
  detecting: [40, 42],
  parsing: [42, 50],
  converting: [50, 90],
  storing: [90, 99],
  done: [100, 100],
  failed: [100, 100],
};

/** Finished jobs stay readable this long, so a client polling slowly still sees the outcome. */
const KEEP_FINISHED_MS = 10 * 60 * 1000;

export type ProgressReporter = (stage: ImportStage, fraction?: number, message?: string) => void;

/**
 * Progress of running imports, in memory (one process serves the API): the import reports stages, clients poll
 * GET .../import-jobs/{id} or follow its server-sent events.
 */
export class ImportJobs {
  private readonly jobs = new Map<string, ImportJobState>();
  private readonly events = new EventEmitter();

  constructor() {
    this.events.setMaxListeners(0);
  }

  get(id: string): ImportJobState | null {
    return this.jobs.get(id) ?? null;
  }

  /** A reporter for job `id` (a client-chosen uuid); reports are throttled to whole percents. */
  start(id: string): ProgressReporter {
    this.prune();
    this.update(id, 'receiving', 1, 'Upload received.');
    return (stage, fraction = 0, message) => this.update(id, stage, fraction, message);
  }

  finish(id: string, courseId: number | null, error?: string): void {
    const job = this.jobs.get(id);
    if (!job) return;
    if (courseId !== null) job.course_id = courseId;
    this.update(id, error ? 'failed' : 'done', 1, error ?? 'Import finished.');
  }

  subscribe(id: string, listener: (state: ImportJobState) => void): () => void {
    this.events.on(id, listener);
    return () => this.events.off(id, listener);
  }

  private update(id: string, stage: ImportStage, fraction: number, message?: string): void {
    const [from, to] = RANGES[stage];
    const percent = Math.round(from + (to - from) * Math.min(1, Math.max(0, fraction)));
    const previous = this.jobs.get(id);
    if (previous && previous.stage === stage && previous.percent === percent && message === undefined) return;
    const state: ImportJobState = {
      id,
      stage,
      percent,
      message: message ?? previous?.message ?? '',
      course_id: previous?.course_id ?? null,
      updated_at: new Date().toISOString(),
    };
    this.jobs.set(id, state);
    this.events.emit(id, state);
  }

  private prune(): void {
    const cutoff = Date.now() - KEEP_FINISHED_MS;
    for (const [id, job] of this.jobs) {
      if ((job.stage === 'done' || job.stage === 'failed') && Date.parse(job.updated_at) < cutoff) this.jobs.delete(id);
    }
  }
}
