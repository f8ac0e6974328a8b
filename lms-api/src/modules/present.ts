import type { CourseRow } from '../courses/store';
import { presentCourse } from '../courses/present';
import type { Module, ModuleWithCourses } from './schema';
import type { ModuleRow } from './store';

const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

/** Spec 3 Module image URL shape: /api/v1/content/{image_path}. */
export const imageUrl = (imagePath: string): string => `/api/v1/content/${imagePath}`;

export function presentModule(row: ModuleRow): Module {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    title_fr: row.title_fr,
    title_de: row.title_de,
    title_lb: row.title_lb,
    description_fr: row.description_fr,
    description_de: row.description_de,
    description_lb: row.description_lb,
    order: row.order,
    is_active: row.is_active,
    image_path: row.image_path,
    image_url: row.image_path ? imageUrl(row.image_path) : null,
    course_count: row.course_count,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export function presentModuleWithCourses(row: ModuleRow, courses: readonly CourseRow[]): ModuleWithCourses {
  return { ...presentModule(row), courses: courses.map(presentCourse) };
}
