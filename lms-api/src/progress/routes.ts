import { Type } from '@sinclair/typebox';
import type { Api } from '../http/api';
import type { AppDeps } from '../deps';
import { CourseProgress, IdParams } from '../courses/schema';
import type { AuthUser } from '../auth/user';
import { ProgressRecord, ProgressSave } from './schema';
import { presentProgress } from './present';
import { getProgress, saveProgress, userCourseProgress, type TrackingRecorder } from './service';

/** `recorder` maps each save to learning records inside the save's transaction (the LRS's SCORM mapping). */
export function registerProgressRoutes(api: Api, { db }: AppDeps, recorder: TrackingRecorder | null = null): void {
  api.route(
    {
      method: 'get',
      path: '/courses/user-progress/',
      summary: 'Progress and availability of every course the signed-in learner can see',
      tag: 'progress',
      access: 'user',
      response: Type.Array(CourseProgress),
    },
    ({ user }) => userCourseProgress(db, (user as AuthUser).id),
  );

  api.route(
    {
      method: 'get',
      path: '/courses/id/:id/progress/',
      summary: 'The signed-in learner’s stored progress in a course',
      description: "404 'No progress found.' before the first save (the player then starts empty).",
      tag: 'progress',
      access: 'user',
      params: IdParams,
      response: ProgressRecord,
    },
    async ({ params, user }) => presentProgress(await getProgress(db, (user as AuthUser).id, params.id)),
  );

  api.route(
    {
      method: 'post',
      path: '/courses/id/:id/progress/',
      summary: 'Save tracking data (status, score and completion are derived from the data model)',
      tag: 'progress',
      access: 'user',
      params: IdParams,
      body: ProgressSave,
      response: ProgressRecord,
    },
    async ({ params, body, user }) => presentProgress(await saveProgress(db, user as AuthUser, params.id, body, recorder)),
  );
}
