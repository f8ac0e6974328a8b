import { Type } from '@sinclair/typebox';
import type { Api } from '../http/api';
import type { AppDeps } from '../deps';
import { contentRange } from './list-query';
import { AdminListQuery, AdminUser, Stats, UserIdParams, UserProgressRow } from './schema';
import { presentAdminUser, presentUserProgress } from './present';
import * as service from './service';

const LIST_DESCRIPTION =
  'Answers a JSON array with `Content-Range: users first-last/total` and `X-Total-Count` (ra-data-simple-rest). ' +
  'Default sort last_login descending, nulls last.';

export function registerAdminRoutes(api: Api, { db, config }: AppDeps): void {
  // The spec's path and react-admin's resource path answer the same list.
  for (const path of ['/users/admin/users', '/admin/users']) {
    api.route(
      {
        method: 'get',
        path,
        summary: 'Users with search, filters, sorting and paging',
        description: LIST_DESCRIPTION,
        tag: 'admin',
        access: 'admin',
        query: AdminListQuery,
        response: Type.Array(AdminUser),
      },
      async ({ query, res }) => {
        const { rows, total, offset } = await service.listUsers(db, config, query);
        res.set('Content-Range', contentRange('users', offset, rows.length, total));
        res.set('X-Total-Count', String(total));
        return rows.map(presentAdminUser);
      },
    );
  }

  api.route(
    { method: 'get', path: '/admin/users/:id', summary: 'One user', tag: 'admin', access: 'admin', params: UserIdParams, response: AdminUser },
    async ({ params }) => presentAdminUser(await service.getAdminUser(db, params.id)),
  );

  api.route(
    {
      method: 'get',
      path: '/users/admin/users/:id/progress',
      summary: 'The courses a user has started, with status, completion and score',
      tag: 'admin',
      access: 'admin',
      params: UserIdParams,
      response: Type.Array(UserProgressRow),
    },
    async ({ params }) => (await service.userProgress(db, params.id)).map(presentUserProgress),
  );

  api.route(
    { method: 'get', path: '/admin/stats', summary: 'Platform statistics', tag: 'admin', access: 'admin', response: Stats },
    () => service.readStats(db),
  );
}
