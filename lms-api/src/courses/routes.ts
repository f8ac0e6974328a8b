import type { Api } from '../http/api';
import type { AppDeps } from '../deps';
import {
  ActiveBody,
  Course,
  CourseList,
  CourseListQuery,
  CourseReorderBody,
  CourseUpdate,
  IdParams,
  Launch,
  LevelBody,
  MinScoreBody,
  ModuleAssignmentBody,
} from './schema';
import { presentCourse } from './present';
import * as service from './service';
import { requireAdminFor } from '../modules/service';

/** Spec 7 Courses (creation and package upload live in packages/). */
export function registerCourseRoutes(api: Api, { db, paths }: AppDeps): void {
  api.route(
    {
      method: 'get',
      path: '/courses/',
      summary: 'Courses (by module order and level unless ordered=false)',
      tag: 'courses',
      access: 'optional',
      query: CourseListQuery,
      response: CourseList,
    },
    async ({ query, user }) => {
      requireAdminFor(query.include_inactive, !!user?.is_admin);
      return (await service.listCourses(db, query)).map(presentCourse);
    },
  );

  api.route(
    {
      method: 'put',
      path: '/courses/reorder',
      summary: 'Set course levels (1-based), all at once',
      tag: 'courses',
      access: 'admin',
      body: CourseReorderBody,
      response: CourseList,
    },
    async ({ body }) => (await service.reorderCourses(db, body)).map(presentCourse),
  );

  api.route(
    { method: 'get', path: '/courses/id/:id', summary: 'One course', tag: 'courses', access: 'optional', params: IdParams, response: Course },
    async ({ params, user }) => presentCourse(await service.getVisibleCourse(db, params.id, !!user?.is_admin)),
  );

  api.route(
    {
      method: 'put',
      path: '/courses/id/:id',
      summary: 'Update course fields (absent fields keep their value)',
      tag: 'courses',
      access: 'admin',
      params: IdParams,
      body: CourseUpdate,
      response: Course,
    },
    async ({ params, body }) => presentCourse(await service.updateCourse(db, params.id, body)),
  );

  api.route(
    {
      method: 'delete',
      path: '/courses/id/:id',
      summary: 'Delete a course, its learners’ progress and its package files',
      tag: 'courses',
      access: 'admin',
      params: IdParams,
      status: 204,
    },
    async ({ params }) => {
      await service.deleteCourse(db, paths.content, params.id);
    },
  );

  api.route(
    {
      method: 'get',
      path: '/courses/id/:id/translations',
      summary: 'The course family: the original and all its translations (the course itself included)',
      tag: 'courses',
      access: 'optional',
      params: IdParams,
      response: CourseList,
    },
    async ({ params, user }) => (await service.listTranslations(db, params.id, !!user?.is_admin)).map(presentCourse),
  );

  api.route(
    {
      method: 'put',
      path: '/courses/id/:id/level',
      summary: 'Set the course level',
      tag: 'courses',
      access: 'admin',
      params: IdParams,
      body: LevelBody,
      response: Course,
    },
    async ({ params, body }) => presentCourse(await service.setLevel(db, params.id, body.level)),
  );

  api.route(
    {
      method: 'put',
      path: '/courses/id/:id/min-score',
      summary: 'Set the minimum score (0-100) needed to unlock the next course, or null',
      tag: 'courses',
      access: 'admin',
      params: IdParams,
      body: MinScoreBody,
      response: Course,
    },
    async ({ params, body }) => presentCourse(await service.setMinScore(db, params.id, body.min_score)),
  );

  api.route(
    {
      method: 'put',
      path: '/courses/id/:id/active',
      summary: 'Activate or deactivate a course',
      tag: 'courses',
      access: 'admin',
      params: IdParams,
      body: ActiveBody,
      response: Course,
    },
    async ({ params, body }) => presentCourse(await service.setActive(db, params.id, body.is_active)),
  );

  api.route(
    {
      method: 'put',
      path: '/courses/id/:id/module',
      summary: 'Move the course to a module (placed last) or unassign it (null)',
      tag: 'courses',
      access: 'admin',
      params: IdParams,
      body: ModuleAssignmentBody,
      response: Course,
    },
    async ({ params, body }) => presentCourse(await service.setModule(db, params.id, body.module_id)),
  );

  api.route(
    {
      method: 'get',
      path: '/courses/id/:id/launch',
      summary: 'Launch URL and settings (manifest) of the course package',
      description: '404 for an unknown course; 400 when the course has no package yet.',
      tag: 'courses',
      access: 'user',
      params: IdParams,
      response: Launch,
    },
    async ({ params, user }) => service.launchCourse(db, params.id, !!user?.is_admin),
  );

}
