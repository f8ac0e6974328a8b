import type { Api } from '../http/api';
import type { AppDeps } from '../deps';
import { notFound, unauthorized } from '../http/errors';
import { GeneratedIdentity, Registration, User } from './schema';
import { currentUser, generateIdentity, registerUser } from './service';
import { presentUser } from './present';

export function registerUserRoutes(api: Api, { db, config }: AppDeps): void {
  api.route(
    {
      method: 'post',
      path: '/users/generate-id',
      summary: 'Generate an anonymous ID and its verification token',
      tag: 'users',
      access: 'public',
      response: GeneratedIdentity,
    },
    () => generateIdentity(config),
  );

  api.route(
    {
      method: 'post',
      path: '/users/register',
      summary: 'Register a generated anonymous ID (with an optional nickname)',
      description: '400 when the verification token does not match the ID; 409 when the ID is already registered.',
      tag: 'users',
      access: 'public',
      body: Registration,
      response: User,
    },
    async ({ body }) => presentUser(await registerUser(db, config, body)),
  );

  api.route(
    {
      method: 'get',
      path: '/users/me',
      summary: 'The signed-in user (records the sign-in time)',
      description: '401 without a bearer anonymous ID; 404 when the sent ID is unknown (the login modal maps 404 to its message).',
      tag: 'users',
      access: 'optional',
      response: User,
    },
    async ({ req, user }) => {
      if (!user) throw req.authFailure ? notFound('Invalid anonymous ID.') : unauthorized();
      return presentUser(await currentUser(db, user));
    },
  );
}
