import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type { Api } from '../http/api';
import type { AppDeps } from '../deps';
import { badRequest, notFound } from '../http/errors';
import type { UploadedFile } from '../http/multipart';
import { presentCourse } from '../courses/present';
import { IdParams } from '../courses/schema';
import { ImportJobs, type ImportJobState } from './jobs';
import { CreateCourseForm, ImportedCourse, ImportJob, JobParams, UpdatePackageForm } from './schema';
import { createCourseFromPackage, replaceCoursePackage, type ImportFigures } from './service';
import type { WebpOptions } from './webp';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Spec 5 Course form: the package message when no file is chosen. */
const NO_FILE = 'Please select a ZIP file to upload.';

function packageRule(deps: AppDeps) {
  return {
    tmpDir: deps.paths.tmp,
    files: {
      package: {
        maxBytes: deps.config.upload.maxBytes,
        accept: {
          // .h5p files are ZIP archives; a lone .xml is a cmi5 course structure (cmi5 14.2).
          test: ({ filename }: { filename: string }) => /\.(zip|h5p|xml)$/i.test(filename),
          message: 'Unsupported file: the package must be a .zip archive (or an .h5p file, or a cmi5.xml course structure).',
        },
      },
    },
  };
}

function jobIdOf(req: Request, field: string | undefined): string {
  const header = req.get('x-import-job');
  const id = field ?? header ?? randomUUID();
  if (!UUID.test(id)) throw badRequest('job_id must be a uuid.');
  return id;
}

function webpOptions(form: { convert_to_webp?: boolean; webp_quality?: number; webp_lossless?: boolean }): WebpOptions | null {
  return form.convert_to_webp ? { quality: form.webp_quality ?? 85, lossless: form.webp_lossless ?? false } : null;
}

function uploaded(files: Record<string, UploadedFile>): UploadedFile {
  const file = files.package;
  if (!file || file.size === 0) throw badRequest(NO_FILE);
  return file;
}

function presentFigures(jobId: string, figures: ImportFigures) {
  return {
    job_id: jobId,
    images_converted: figures.images_converted,
    bytes_saved: figures.bytes_saved,
    files: figures.files,
    webp: figures.webp ? { ...figures.webp } : null,
  };
}

/** Runs an import under a job id so GET /courses/import-jobs/{id} can follow it. */
async function track<T extends { course: { id: number } }>(
  jobs: ImportJobs,
  jobId: string,
  run: (report: ReturnType<ImportJobs['start']>) => Promise<T>,
): Promise<T> {
  const report = jobs.start(jobId);
  try {
    const result = await run(report);
    jobs.finish(jobId, result.course.id);
    return result;
  } catch (error) {
    jobs.finish(jobId, null, error instanceof Error ? error.message : 'Import failed.');
    throw error;
  }
}

/** Package import (DESIGN.md 7): course creation with a package, package update, import progress. */
export function registerPackageRoutes(api: Api, deps: AppDeps, jobs = new ImportJobs()): void {
  const description =
    'Processing progress: send a uuid as form field `job_id` (or header `X-Import-Job`) and poll GET /courses/import-jobs/{job_id} ' +
    '(or follow GET /courses/import-jobs/{job_id}/events). The job exists once the upload is received (404 before): upload ' +
    "progress is the browser's own. Stages: extracting, detecting, parsing, converting (WebP), storing, then done or failed.";

  api.route(
    {
      method: 'post',
      path: '/courses/',
      summary: 'Create a course from a content package (SCORM, cmi5, AICC, H5P)',
      description,
      tag: 'courses',
      access: 'admin',
      body: CreateCourseForm,
      multipart: packageRule(deps),
      status: 201,
      response: ImportedCourse,
    },
    async ({ req, body, files }) => {
      const file = uploaded(files);
      const jobId = jobIdOf(req, body.job_id);
      const { course, figures } = await track(jobs, jobId, (report) =>
        createCourseFromPackage(
          deps,
          {
            title: body.title,
            description: body.description,
            language: body.language,
            is_active: body.is_active,
            level: body.level,
            module_id: body.module_id,
            min_score_required: body.min_score_required,
            original_course_id: body.original_course_id,
            chapter_count: body.chapter_count,
          },
          file,
          {
            type: body.content_type ?? null,
            version: body.version && body.version.toLowerCase() !== 'auto' ? body.version : null,
            webp: webpOptions(body),
            report,
          },
        ),
      );
      return { ...presentCourse(course), import: presentFigures(jobId, figures) };
    },
  );

  api.route(
    {
      method: 'put',
      path: '/courses/id/:id/package',
      summary: "Replace a course's package with a new version (reset_progress optional)",
      description,
      tag: 'courses',
      access: 'admin',
      params: IdParams,
      body: UpdatePackageForm,
      multipart: packageRule(deps),
      response: ImportedCourse,
    },
    async ({ req, params, body, files }) => {
      const file = uploaded(files);
      const jobId = jobIdOf(req, body.job_id);
      const { course, figures, progressReset } = await track(jobs, jobId, (report) =>
        replaceCoursePackage(deps, params.id, file, { webp: webpOptions(body), resetProgress: body.reset_progress ?? false, report }),
      );
      return { ...presentCourse(course), import: presentFigures(jobId, figures), progress_reset: progressReset };
    },
  );

  api.route(
    {
      method: 'get',
      path: '/courses/import-jobs/:job_id',
      summary: 'Processing stage and percentage of a package import',
      tag: 'courses',
      access: 'admin',
      params: JobParams,
      response: ImportJob,
    },
    ({ params }) => {
      const job = jobs.get(params.job_id);
      if (!job) throw notFound('No import job with this id (it has not started yet, or finished long ago).');
      return job;
    },
  );

  api.route(
    {
      method: 'get',
      path: '/courses/import-jobs/:job_id/events',
      summary: 'Server-sent events of a package import (one `progress` event per change; ends after done or failed)',
      tag: 'courses',
      access: 'admin',
      params: JobParams,
    },
    ({ req, res, params }) => {
      const current = jobs.get(params.job_id);
      if (!current) throw notFound('No import job with this id (it has not started yet, or finished long ago).');
      res.status(200).set({ 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
      res.flushHeaders();
      const send = (state: ImportJobState) => {
        res.write(`event: progress\ndata: ${JSON.stringify(state)}\n\n`);
        if (state.stage === 'done' || state.stage === 'failed') {
          unsubscribe();
          res.end();
        }
      };
      const unsubscribe = jobs.subscribe(params.job_id, send);
      req.on('close', unsubscribe);
      send(current);
    },
  );
}
