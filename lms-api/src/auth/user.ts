/** The signed-in user as the request pipeline knows it. */
export interface AuthUser {
  id: number;
  nickname: string | null;
  anonymous_id_masked: string;
  is_admin: boolean;
  actor_name: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by the authentication middleware when a valid bearer anonymous ID was sent. */
    user?: AuthUser | null;
    /** True when a bearer value was sent but matched no user. */
    authFailure?: boolean;
  }
}
