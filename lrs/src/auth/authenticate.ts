import type { Request } from 'express';
import { actorKey, type Actor } from '../agents';
import { forbidden, unauthorized } from '../errors';
import type { Sql } from '../sql';
import { verifyCredential, type Scope } from './credentials';

/** Who is calling: the authority stamped on their statements and what they may do. */
export interface Principal {
  /** Identifies the caller; `statements/read/mine` limits reads to statements stored by it. */
  id: string;
  authority: Actor;
  scopes: Scope[];
  /**
   * Limits of session tokens (cmi5 9.2/10.2: an AU writes only as its learner, in its registration):
   * statements must have this actor and registration, state documents this agent and registration.
   */
  restrictions?: { agent?: Actor; registration?: string };
}

/**
 * Turns a request's Authorization header into a principal. Returns null when the header is not of
 * its kind (the next resolver is asked); throws a 401 when it is of its kind but wrong.
 */
export type AuthResolver = (authorization: string, request: Request) => Promise<Principal | null>;

/** HTTP Basic with an LRS key/secret (xAPI 2.0 Part 3 4.1: Basic authentication). */
export function basicResolver(sql: Sql, publicUrl: string): AuthResolver {
  return async (authorization) => {
    const match = /^Basic\s+(\S+)$/i.exec(authorization);
    if (!match) return null;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw unauthorized('Basic credentials must be key:secret');
    const credential = await verifyCredential(sql, decoded.slice(0, colon), decoded.slice(colon + 1));
    if (!credential) throw unauthorized('unknown or revoked LRS credentials');
    return {
      id: credential.key,
      // xAPI 2.4.9: the authority is the Agent the credentials stand for.
      authority: {
        objectType: 'Agent',
        name: credential.label,
        account: { homePage: publicUrl, name: credential.key },
      },
      scopes: credential.scopes,
    };
  };
}

/** Asks each resolver in turn (Basic credentials first, then registered token resolvers). */
export async function authenticate(resolvers: readonly AuthResolver[], request: Request, authorization: string | undefined): Promise<Principal> {
  if (!authorization) throw unauthorized('authentication required (Authorization header missing)');
  for (const resolve of resolvers) {
    const principal = await resolve(authorization, request);
    if (principal) return principal;
  }
  throw unauthorized('unsupported Authorization scheme');
}

/** Refuses (403) what a restricted principal may not touch: another learner or another registration. */
export function checkRestrictions(principal: Principal, agent: Actor | null, registration: string | undefined, what: string): void {
  const limits = principal.restrictions;
  if (!limits) return;
  if (limits.agent && (!agent || actorKey({ ...agent, objectType: 'Agent' }) !== actorKey({ ...limits.agent, objectType: 'Agent' }))) {
    throw forbidden(`${what}: these credentials may only act for their own learner`);
  }
  if (limits.registration && registration?.toLowerCase() !== limits.registration.toLowerCase()) {
    throw forbidden(`${what}: these credentials may only act in their own registration`);
  }
}

/** Whether the principal may do `need` (xAPI scopes: `all` covers everything, `all/read` every read). */
export function allows(principal: Principal, need: 'statements/write' | 'statements/read' | 'state' | 'define' | 'profile' | 'read'): boolean {
  const s = new Set<string>(principal.scopes);
  if (s.has('all')) return true;
  switch (need) {
    case 'statements/write':
      return s.has('statements/write');
    case 'statements/read':
      return s.has('statements/read') || s.has('all/read') || s.has('statements/read/mine');
    case 'state':
      return s.has('state');
    case 'profile':
      return s.has('profile');
    case 'define':
      return s.has('define');
    case 'read':
      return s.has('all/read');
  }
}
