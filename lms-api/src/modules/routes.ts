import type { Api } from '../http/api';
import type { AppDeps } from '../deps';
import { Course } from '../courses/schema';
import { presentCourse } from '../courses/present';
import {
  Module,
  ModuleActiveBody,
  ModuleCourseParams,
  ModuleForm,
  ModuleIdParams,
  ModuleListQuery,
  ModuleQuery,
  ModuleReorderBody,
  ModulesWithCoursesQuery,
  ModuleWithCourses,
} from './schema';
import { MODULE_IMAGE_MAX_BYTES } from './image';
import { presentModule, presentModuleWithCourses } from './present';
import * as service from './service';
import { listModules } from './store';
import { Type } from '@sinclair/typebox';

export function registerModuleRoutes(api: Api, { db, paths }: AppDeps): void {
  const imageUpload = {
    tmpDir: paths.tmp,
    files: {
      image: {
        maxBytes: MODULE_IMAGE_MAX_BYTES,
        accept: {
          test: ({ mimeType, filename }: { filename: string; mimeType: string }) =>
            mimeType.startsWith('image/') || /\.(png|jpe?g|gif|webp|avif|bmp|svg|ico)$/i.test(filename),
          message: 'The module image must be an image file.',
        },
      },
    },
  };

  api.route(
    {
      method: 'get',
      path: '/modules/',
      summary: 'Modules by order',
      tag: 'modules',
      access: 'optional',
      query: ModuleListQuery,
      response: Type.Array(Module),
    },
    async ({ query, user }) => {
      service.requireAdminFor(query.include_inactive, !!user?.is_admin);
      return (await listModules(db, query.include_inactive)).map(presentModule);
    },
  );

  api.route(
    {
      method: 'get',
      path: '/modules/all/with-courses',
      summary: 'Modules by order, each with its courses by level',
      tag: 'modules',
      access: 'optional',
      query: ModulesWithCoursesQuery,
      response: Type.Array(ModuleWithCourses),
    },
    async ({ query, user }) => {
      service.requireAdminFor(query.include_inactive_modules || query.include_inactive_courses, !!user?.is_admin);
      const modules = await service.modulesWithCourses(db, {
        includeInactiveModules: query.include_inactive_modules,
        includeInactiveCourses: query.include_inactive_courses,
      });
      return modules.map(({ module, courses }) => presentModuleWithCourses(module, courses));
    },
  );

  api.route(
    {
      method: 'get',
      path: '/modules/id/:id',
      summary: 'One module with its courses by level',
      tag: 'modules',
      access: 'optional',
      params: ModuleIdParams,
      query: ModuleQuery,
      response: ModuleWithCourses,
    },
    async ({ params, query, user }) => {
      const isAdmin = !!user?.is_admin;
      service.requireAdminFor(query.include_inactive_courses, isAdmin);
      const { module, courses } = await service.getModule(db, params.id, { includeInactiveCourses: query.include_inactive_courses, isAdmin });
      return presentModuleWithCourses(module, courses);
    },
  );

  api.route(
    {
      method: 'post',
      path: '/modules/',
      summary: 'Create a module (multipart, optional image)',
      tag: 'modules',
      access: 'admin',
      multipart: imageUpload,
      body: ModuleForm,
      status: 201,
      response: Module,
    },
    async ({ body, files }) => presentModule(await service.createModule(db, paths.content, body, files.image)),
  );

  api.route(
    {
      method: 'put',
      path: '/modules/reorder',
      summary: 'Set module positions (1-based), all at once',
      tag: 'modules',
      access: 'admin',
      body: ModuleReorderBody,
      response: Type.Array(Module),
    },
    async ({ body }) => (await service.reorderModules(db, body)).map(presentModule),
  );

  api.route(
    {
      method: 'put',
      path: '/modules/id/:id',
      summary: 'Update a module (multipart; the image is kept unless replaced or keep_existing_image=false)',
      tag: 'modules',
      access: 'admin',
      params: ModuleIdParams,
      multipart: imageUpload,
      body: ModuleForm,
      response: Module,
    },
    async ({ params, body, files }) => presentModule(await service.updateModule(db, paths.content, params.id, body, files.image)),
  );

  api.route(
    {
      method: 'delete',
      path: '/modules/id/:id',
      summary: 'Delete a module without courses (and its image)',
      description: "400 with detail 'Cannot delete module with assigned courses.' while courses are assigned.",
      tag: 'modules',
      access: 'admin',
      params: ModuleIdParams,
      status: 204,
    },
    async ({ params }) => {
      await service.deleteModule(db, paths.content, params.id);
    },
  );

  api.route(
    {
      method: 'put',
      path: '/modules/id/:id/active',
      summary: 'Activate or deactivate a module',
      tag: 'modules',
      access: 'admin',
      params: ModuleIdParams,
      body: ModuleActiveBody,
      response: Module,
    },
    async ({ params, body }) => presentModule(await service.setModuleActive(db, params.id, body.is_active)),
  );

  api.route(
    {
      method: 'post',
      path: '/modules/id/:id/courses/id/:courseId',
      summary: 'Assign a course to the module (placed last)',
      tag: 'modules',
      access: 'admin',
      params: ModuleCourseParams,
      response: Course,
    },
    async ({ params }) => presentCourse(await service.assignCourse(db, params.id, params.courseId)),
  );

  api.route(
    {
      method: 'delete',
      path: '/modules/id/:id/courses/id/:courseId',
      summary: 'Remove a course from the module (it becomes unassigned)',
      tag: 'modules',
      access: 'admin',
      params: ModuleCourseParams,
      response: Course,
    },
    async ({ params }) => presentCourse(await service.removeCourse(db, params.id, params.courseId)),
  );
}
