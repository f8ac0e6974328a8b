import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, open, readFile, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/config';
import type { Db, Sql } from '../db/db';
import { badRequest, notFound } from '../http/errors';
import { findCourse, insertCourse, nextLevelInModule, updateCourse, type CourseRow } from '../courses/store';
import type { Language } from '../courses/schema';
import { parseAicc } from './aicc';
import { parseCmi5 } from './cmi5';
import { detectPackage } from './detect';
import { PackageError } from './errors';
import { extractZip } from './extract';
import { parseH5p } from './h5p';
import type { ProgressReporter } from './jobs';
import { parseScormPackage } from './scorm';
import { deleteCourseProgress } from './store';
import type { ContentType, ParsedPackage } from './types';
import { convertPackageToWebp, type WebpOptions, type WebpResult } from './webp';

export interface PackageDeps {
  config: Config;
  db: Db;
  paths: { content: string; tmp: string };
}

export interface UploadedPackage {
  /** Where the upload lies on disk (the multipart temporary folder). */
  path: string;
  /** Name the client gave it: `.xml` means a bare cmi5 course structure. */
  filename: string;
}

export interface ImportOptions {
  /** Declared content type; null detects it. */
  type: ContentType | null;
  /** Declared version; null (or 'auto') detects it. */
  version: string | null;
  /** Convert PNG/JPEG to WebP (SCORM only, spec 2 Package update modal). */
  webp: WebpOptions | null;
  report?: ProgressReporter;
}

export interface ImportFigures {
  images_converted: number;
  bytes_saved: number;
  webp: WebpResult | null;
  files: number;
}

/** An extracted, validated package waiting in the temporary folder to be moved into place. */
interface PreparedPackage {
  workDir: string;
  packageDir: string;
  parsed: ParsedPackage;
  figures: ImportFigures;
}

export interface CourseFieldsInput {
  /** The package's own title when absent (command-line import). */
  title?: string;
  description?: string | null;
  language?: Language;
  is_active?: boolean;
  level?: number;
  module_id?: number | null;
  min_score_required?: number | null;
  original_course_id?: number | null;
  chapter_count?: number;
}

const noReport: ProgressReporter = () => {};

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const relative = prefix + entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(path.join(dir, entry.name), `${relative}/`)));
    else if (entry.isFile()) out.push(relative);
  }
  return out;
}

async function startsWithZipSignature(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && buffer[0] === 0x50 && buffer[1] === 0x4b;
  } finally {
    await handle.close();
  }
}

/** SCORM version declared by the admin must agree with the manifest ('2004' accepts any 2004 edition). */
function checkDeclaredVersion(parsed: ParsedPackage, declared: string | null): void {
  if (!declared || parsed.type !== 'scorm') return;
  const wanted = declared.trim().toLowerCase();
  const actual = parsed.version.toLowerCase();
  const matches = wanted === actual || (wanted === '2004' && actual.startsWith('2004')) || (wanted === '1.2' && actual === '1.2');
  if (!matches) throw new PackageError(`The version is ${declared}, but the package is SCORM ${parsed.version}. Choose "auto" or the matching version.`);
}

async function parsePackage(packageDir: string, files: string[], declared: ContentType | null, bareXml: boolean): Promise<ParsedPackage> {
  const detected = detectPackage(files, declared);
  const rootFiles = new Set(files.filter((file) => file.startsWith(detected.root)).map((file) => file.slice(detected.root.length)));
  const rootDir = path.join(packageDir, detected.root);
  const readText = (file: string) => readFile(path.join(rootDir, file), 'utf8');
  switch (detected.type) {
    case 'scorm':
      return parseScormPackage(await readText(detected.descriptor.main), rootFiles);
    case 'cmi5':
      return parseCmi5(await readText(detected.descriptor.main), rootFiles, bareXml);
    case 'h5p':
      return parseH5p(readText, rootFiles);
    case 'aicc': {
      const aicc = detected.descriptor.aicc;
      if (!aicc) throw new PackageError('The AICC course files are incomplete.');
      const optional = (file: string | null) => (file ? readText(file) : Promise.resolve(null));
      return parseAicc(
        { crs: await readText(aicc.crs), au: await readText(aicc.au), des: await optional(aicc.des), cst: await optional(aicc.cst), dir: '' },
        rootFiles,
      );
    }
  }
}

/**
 * Upload -> safe extraction into a temporary folder -> detection -> parsing -> optional WebP (DESIGN.md 7).
 * Nothing is written outside `paths.tmp`; the caller moves `packageDir` into place or removes `workDir`.
 */
async function preparePackage(deps: PackageDeps, upload: UploadedPackage, options: ImportOptions): Promise<PreparedPackage> {
  const report = options.report ?? noReport;
  await mkdir(deps.paths.tmp, { recursive: true });
  const workDir = await mkdtemp(path.join(deps.paths.tmp, 'import-'));
  try {
    const extractDir = path.join(workDir, 'package');
    await mkdir(extractDir);
    const isXml = /\.xml$/i.test(upload.filename) && !(await startsWithZipSignature(upload.path));
    let bareXml = false;
    report('extracting', 0, 'Extracting the package.');
    if (isXml) {
      // cmi5 14.2: a course structure alone, whose AUs are all remote.
      if (options.type && options.type !== 'cmi5') {
        throw new PackageError(`A bare XML file can only be a cmi5 course structure, but the content type is ${options.type}.`);
      }
      await copyFile(upload.path, path.join(extractDir, 'cmi5.xml'));
      bareXml = true;
    } else {
      await extractZip(upload.path, extractDir, deps.config.upload, (fraction) => report('extracting', fraction));
    }
    report('detecting', 0, 'Detecting the package type.');
    const files = await listFiles(extractDir);
    if (files.length === 0) throw new PackageError('The package is empty.');
    const detected = detectPackage(files, options.type);
    report('parsing', 0, `Reading the ${detected.type} descriptor.`);
    let parsed = await parsePackage(extractDir, files, options.type, bareXml);
    checkDeclaredVersion(parsed, options.version);
    const packageDir = path.join(extractDir, detected.root);
    const rootFiles = detected.root ? await listFiles(packageDir) : files;
    let webp: WebpResult | null = null;
    if (options.webp && parsed.type === 'scorm') {
      report('converting', 0, 'Converting images to WebP.');
      webp = await convertPackageToWebp(packageDir, rootFiles, options.webp, (fraction) => report('converting', fraction));
      // The manifest names the converted files now: read it again so settings match the stored package.
      if (webp.images_converted > 0) parsed = await parsePackage(packageDir, await listFiles(packageDir), 'scorm', false);
    }
    const finalFiles = webp ? await listFiles(packageDir) : rootFiles;
    return {
      workDir,
      packageDir,
      parsed,
      figures: {
        images_converted: webp?.images_converted ?? 0,
        bytes_saved: webp?.bytes_saved ?? 0,
        webp,
        files: finalFiles.length,
      },
    };
  } catch (error) {
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }
}

function settingsFor(parsed: ParsedPackage, figures: ImportFigures, filename: string, previous: Record<string, unknown> = {}) {
  return {
    ...previous,
    manifest: parsed.manifest,
    webp_converted: figures.images_converted > 0,
    package: {
      type: parsed.type,
      version: parsed.version,
      unit_count: parsed.unit_count,
      files: figures.files,
      original_filename: filename,
      imported_at: new Date().toISOString(),
      webp: figures.webp,
    },
  };
}

function coursePackagePath(courseId: number, version: number): string {
  return `courses/${courseId}/v${version}`;
}

/** Moves the prepared folder to its versioned place; a stale folder of the same name (from a lost import) goes first. */
async function moveIntoPlace(deps: PackageDeps, prepared: PreparedPackage, packagePath: string): Promise<string> {
  const target = path.join(deps.paths.content, packagePath);
  await mkdir(path.dirname(target), { recursive: true });
  await rm(target, { recursive: true, force: true });
  await rename(prepared.packageDir, target);
  return target;
}

async function checkReferences(sql: Sql, fields: CourseFieldsInput): Promise<void> {
  if (fields.module_id != null) {
    const [module] = await sql.query('SELECT id FROM modules WHERE id = $1', [fields.module_id]);
    if (!module) throw badRequest(`Module ${fields.module_id} does not exist.`);
  }
  if (fields.original_course_id != null) {
    const [original] = await sql.query<{ original_course_id: number | null }>('SELECT original_course_id FROM courses WHERE id = $1', [
      fields.original_course_id,
    ]);
    if (!original) throw badRequest(`Original course ${fields.original_course_id} does not exist.`);
    if (original.original_course_id !== null) throw badRequest('The original course is itself a translation; choose its original.');
  }
}

/** POST /courses/: imports the package and creates the course in one step (spec 7 Courses). */
export async function createCourseFromPackage(
  deps: PackageDeps,
  fields: CourseFieldsInput,
  upload: UploadedPackage,
  options: ImportOptions,
): Promise<{ course: CourseRow; figures: ImportFigures }> {
  await checkReferences(deps.db, fields);
  const report = options.report ?? noReport;
  const prepared = await preparePackage(deps, upload, options);
  const placed: { dir?: string } = {};
  try {
    report('storing', 0, 'Storing the course.');
    const course = await deps.db.transaction(async (tx) => {
      await checkReferences(tx, fields);
      const level = fields.level ?? (fields.module_id != null ? await nextLevelInModule(tx, fields.module_id) : 1);
      const row = await insertCourse(tx, {
        title: fields.title?.trim() || prepared.parsed.title || upload.filename,
        description: fields.description ?? null,
        content_type: prepared.parsed.type,
        version: prepared.parsed.version,
        language: fields.language ?? 'en',
        level,
        module_id: fields.module_id ?? null,
        min_score_required: fields.min_score_required ?? null,
        is_active: fields.is_active ?? true,
        chapter_count: fields.chapter_count ?? Math.max(1, prepared.parsed.unit_count),
        original_course_id: fields.original_course_id ?? null,
        settings: settingsFor(prepared.parsed, prepared.figures, upload.filename),
      });
      const packagePath = coursePackagePath(row.id, 1);
      placed.dir = await moveIntoPlace(deps, prepared, packagePath);
      return (await updateCourse(tx, row.id, { package_path: packagePath, package_version: 1, launch_path: prepared.parsed.launch_path })) as CourseRow;
    });
    return { course, figures: prepared.figures };
  } catch (error) {
    if (placed.dir) await rm(path.dirname(placed.dir), { recursive: true, force: true });
    throw error;
  } finally {
    await rm(prepared.workDir, { recursive: true, force: true });
  }
}

/** Keeps the current and the previous version folders (running sessions may still use it) and removes older ones. */
async function pruneOldVersions(deps: PackageDeps, courseId: number, current: number): Promise<void> {
  const dir = path.join(deps.paths.content, 'courses', String(courseId));
  const entries = await readdir(dir).catch(() => [] as string[]);
  for (const entry of entries) {
    const match = /^v(\d+)$/.exec(entry);
    if (match && Number(match[1]) < current - 1) await rm(path.join(dir, entry), { recursive: true, force: true });
  }
}

/**
 * PUT /courses/id/{id}/package: the new version goes to a new folder and the course switches to it in one
 * transaction, so sessions on the old version keep working; `resetProgress` deletes every learner's progress.
 */
export async function replaceCoursePackage(
  deps: PackageDeps,
  courseId: number,
  upload: UploadedPackage,
  options: Omit<ImportOptions, 'type' | 'version'> & { resetProgress: boolean },
): Promise<{ course: CourseRow; figures: ImportFigures; progressReset: number }> {
  const existing = await findCourse(deps.db, courseId);
  if (!existing) throw notFound('Course not found.');
  if (options.webp && existing.content_type !== 'scorm') throw badRequest('WebP conversion is only available for SCORM courses.');
  const report = options.report ?? noReport;
  const prepared = await preparePackage(deps, upload, { ...options, type: existing.content_type, version: null });
  const placed: { dir?: string } = {};
  try {
    report('storing', 0, 'Switching the course to the new version.');
    const result = await deps.db.transaction(async (tx) => {
      const course = await findCourse(tx, courseId, { forUpdate: true });
      if (!course) throw notFound('Course not found.');
      const version = course.package_version + 1;
      const packagePath = coursePackagePath(courseId, version);
      placed.dir = await moveIntoPlace(deps, prepared, packagePath);
      const previousUnits = (course.settings.package as { unit_count?: number } | undefined)?.unit_count;
      // A chapter count the admin never changed follows the package; a chosen one stays.
      const chapterCount = previousUnits === undefined || previousUnits === course.chapter_count ? Math.max(1, prepared.parsed.unit_count) : undefined;
      const updated = (await updateCourse(tx, courseId, {
        version: prepared.parsed.version,
        settings: settingsFor(prepared.parsed, prepared.figures, upload.filename, course.settings),
        package_path: packagePath,
        package_version: version,
        launch_path: prepared.parsed.launch_path,
        chapter_count: chapterCount,
      })) as CourseRow;
      const progressReset = options.resetProgress ? await deleteCourseProgress(tx, courseId) : 0;
      return { course: updated, progressReset };
    });
    await pruneOldVersions(deps, courseId, result.course.package_version);
    return { ...result, figures: prepared.figures };
  } catch (error) {
    if (placed.dir) await rm(placed.dir, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(prepared.workDir, { recursive: true, force: true });
  }
}

export const newJobId = (): string => randomUUID();
