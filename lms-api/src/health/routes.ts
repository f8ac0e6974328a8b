import { Type } from '@sinclair/typebox';
import type { Api } from '../http/api';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';

const Health = Type.Object({ status: Type.Literal('ok'), database: Type.String() });

export function registerHealthRoutes(api: Api, { db }: AppDeps): void {
  api.route(
    { method: 'get', path: '/health', summary: 'Liveness: 200 when the database answers', tag: 'health', access: 'public', response: Health },
    async () => {
      try {
        await db.query('SELECT 1');
      } catch {
        throw new HttpError(503, 'Database unreachable.');
      }
      return { status: 'ok', database: db.driver };
    },
  );
}
