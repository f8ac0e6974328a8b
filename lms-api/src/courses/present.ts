import type { Course, Launch } from './schema';
import type { CourseRow } from './store';

const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

/** A course as clients see it: storage details (folders, entry point) stay on the server. */
export function presentCourse(row: CourseRow): Course {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    content_type: row.content_type,
    version: row.version,
    language: row.language,
    level: row.level,
    module_id: row.module_id,
    min_score_required: row.min_score_required === null ? null : Number(row.min_score_required),
    is_active: row.is_active,
    chapter_count: row.chapter_count,
    original_course_id: row.original_course_id,
    settings: row.settings ?? {},
    has_package: row.package_path !== null && row.launch_path !== null,
    package_version: row.package_version,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** URL of a package's entry point below /api/v1/content/ (served by content/routes.ts). */
export function contentUrl(packagePath: string, launchPath: string): string {
  // cmi5 AUs may live elsewhere (bare cmi5.xml with absolute AU URLs, cmi5 spec 13.1.4): launched as they are.
  if (/^https?:\/\//i.test(launchPath)) return launchPath;
  const encode = (part: string) => part.split('/').map(encodeURIComponent).join('/');
  // The entry point may carry a query string from the manifest (e.g. `index.html?lesson=1`): keep it as is.
  const [file, query] = launchPath.split(/\?(.*)/s, 2);
  return `/api/v1/content/${encode(packagePath)}/${encode(file)}${query ? `?${query}` : ''}`;
}

export function presentLaunch(row: CourseRow & { package_path: string; launch_path: string }): Launch {
  return {
    launch_url: contentUrl(row.package_path, row.launch_path),
    content_type: row.content_type,
    version: row.version,
    settings: row.settings ?? {},
  };
}
