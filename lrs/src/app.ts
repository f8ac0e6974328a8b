import express, { type NextFunction, type Request, type Response } from 'express';
import { allows, authenticate, basicResolver, type AuthResolver, type Principal } from './auth/authenticate';
import { allowOnly, required, type XapiRequest, type XapiResponse } from './context';
import { documentResource, readAgentParameter } from './documents/resource';
import { badRequest, forbidden, notFound, XapiError } from './errors';
import type { Sql } from './sql';
import { patterns } from './statements/schema';
import { statementsResource } from './statements/resource';
import { getActivity } from './statements/store';
import { parseVersionHeader, type XapiVersion } from './version';

export interface LrsLog {
  error(message: string, error?: unknown): void;
}

export interface LrsAppOptions {
  db: Sql;
  /** Public origin of the platform: home page of credential accounts. */
  publicUrl: string;
  log?: LrsLog;
  /**
   * Version announced in answers to requests that name none (only About and the 400 refusing
   * them); the LRS answers every other request in the version it was asked.
   */
  defaultVersion?: XapiVersion;
  /** Largest request body accepted (attachments included). */
  bodyLimit?: string;
}

export interface LrsApp extends express.Router {
  /** Registers a resolver for another Authorization scheme (e.g. cmi5 session tokens); asked after Basic. */
  addAuthResolver(resolver: AuthResolver): void;
}

const IRI = new RegExp(patterns.IRI);

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, DELETE, OPTIONS',
  'Access-Control-Allow-Headers':
    'Authorization, Content-Type, Content-Length, If-Match, If-None-Match, X-Experience-API-Version, Accept-Language, X-Requested-With',
  'Access-Control-Expose-Headers': 'ETag, Last-Modified, Content-Type, X-Experience-API-Version, X-Experience-API-Consistent-Through',
  'Access-Control-Max-Age': '86400',
};

/** Headers the Alternate Request Syntax carries as form fields (xAPI 1.0.3 Part 3 1.3). */
const FORM_HEADERS = ['authorization', 'x-experience-api-version', 'content-type', 'content-length', 'if-match', 'if-none-match'];

function parseQuery(search: string): Map<string, string> {
  const query = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(search)) {
    if (query.has(key)) throw badRequest(`parameter "${key}" is given more than once`);
    query.set(key, value);
  }
  return query;
}

interface Transport {
  method: string;
  query: Map<string, string>;
  headers: Record<string, string | undefined>;
  body: Buffer;
}

/**
 * xAPI 1.0.3 Part 3 1.3 "Alternate Request Syntax": a POST with `method` in the query string and
 * headers, parameters and content as form fields. xAPI 2.0 dropped it: such requests are refused.
 */
function unwrapAlternateSyntax(request: Request, query: Map<string, string>, body: Buffer): Transport {
  const headers: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(request.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
  const method = query.get('method');
  if (method === undefined) return { method: request.method, query, headers, body };
  if (request.method !== 'POST') throw badRequest('the alternate request syntax must be sent as POST');
  if (query.size > 1) throw badRequest('the alternate request syntax takes only "method" in the query string');
  const target = method.toUpperCase();
  if (!['GET', 'HEAD', 'PUT', 'POST', 'DELETE'].includes(target)) throw badRequest(`unknown method "${method}"`);
  const type = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    throw badRequest('the alternate request syntax needs Content-Type application/x-www-form-urlencoded');
  }
  const form = new URLSearchParams(body.toString('utf8'));
  const inner: Record<string, string | undefined> = { ...headers };
  delete inner['content-type'];
  delete inner['content-length'];
  const innerQuery = new Map<string, string>();
  let content: string | undefined;
  for (const [key, value] of form) {
    const lower = key.toLowerCase();
    if (FORM_HEADERS.includes(lower)) inner[lower] = value;
    else if (key === 'content') content = value;
    else {
      if (innerQuery.has(key)) throw badRequest(`parameter "${key}" is given more than once`);
      innerQuery.set(key, value);
    }
  }
  if (parseVersionHeader(inner['x-experience-api-version']) === '2.0.0') {
    throw badRequest('xAPI 2.0 does not support the alternate request syntax (method parameter)');
  }
  if ((target === 'PUT' || target === 'POST') && content === undefined) {
    throw badRequest('the alternate request syntax needs a "content" form field for PUT and POST');
  }
  if (content !== undefined && !inner['content-type']) inner['content-type'] = 'application/json';
  return { method: target, query: innerQuery, headers: inner, body: Buffer.from(content ?? '', 'utf8') };
}

function send(res: Response, version: XapiVersion, answer: XapiResponse, path = ''): void {
  res.status(answer.status);
  // xAPI 2.0 Part 3 2.1.3: every statements answer, errors included, says how far it is consistent.
  if (path === '/statements') res.set('X-Experience-API-Consistent-Through', new Date().toISOString());
  res.set('X-Experience-API-Version', version);
  for (const [k, v] of Object.entries(answer.headers ?? {})) res.set(k, v);
  if (answer.body === undefined || answer.status === 204) {
    res.end();
  } else if (Buffer.isBuffer(answer.body) || typeof answer.body === 'string') {
    if (!res.get('Content-Type')) res.type('application/json');
    res.send(answer.body);
  } else {
    res.json(answer.body);
  }
}

async function aboutResource(request: XapiRequest): Promise<XapiResponse> {
  allowOnly(request, []);
  if (request.method !== 'GET' && request.method !== 'HEAD') throw new XapiError(405, 'the About resource only answers GET');
  // xAPI 2.0 Part 3 2.8: every version this LRS speaks.
  return { status: 200, body: { version: ['1.0.0', '1.0.1', '1.0.2', '1.0.3', '2.0.0'], extensions: {} } };
}


/** xAPI 2.0 Part 3 2.4 Agents Resource: the Person object of one Agent (no identity linking here). */
async function agentsResource(request: XapiRequest): Promise<XapiResponse> {
  if (request.method !== 'GET' && request.method !== 'HEAD') throw new XapiError(405, 'the Agents resource only answers GET');
  if (!allows(request.principal, 'read') && !allows(request.principal, 'profile') && !allows(request.principal, 'statements/read')) {
    throw forbidden('these credentials may not read agents');
  }
  allowOnly(request, ['agent']);
  const agent = readAgentParameter(request);
  const person: Record<string, unknown> = { objectType: 'Person' };
  if (agent.name !== undefined) person.name = [agent.name];
  if (agent.mbox !== undefined) person.mbox = [agent.mbox];
  if (agent.mbox_sha1sum !== undefined) person.mbox_sha1sum = [agent.mbox_sha1sum];
  if (agent.openid !== undefined) person.openid = [agent.openid];
  if (agent.account !== undefined) person.account = [agent.account];
  return { status: 200, body: person };
}

/** xAPI 2.0 Part 3 2.5 Activities Resource: the LRS's canonical definition of one Activity. */
async function activitiesResource(sql: Sql, request: XapiRequest): Promise<XapiResponse> {
  if (request.method !== 'GET' && request.method !== 'HEAD') throw new XapiError(405, 'the Activities resource only answers GET');
  if (!allows(request.principal, 'read') && !allows(request.principal, 'statements/read') && !allows(request.principal, 'profile')) {
    throw forbidden('these credentials may not read activities');
  }
  allowOnly(request, ['activityId']);
  const id = required(request, 'activityId');
  if (!IRI.test(id)) throw badRequest('parameter "activityId" must be an IRI');
  const activity = await getActivity(sql, id);
  // xAPI 2.0 Part 3 2.5: without a canonical definition the LRS still answers an Activity Object.
  return { status: 200, body: activity ?? { objectType: 'Activity', id } };
}

/**
 * The xAPI resources as an Express router, mounted by the platform at `/xapi`. It parses its own
 * bodies (JSON, multipart/mixed with attachments, alternate-syntax forms) and answers CORS so
 * browser content (cmi5 AUs, H5P) can talk to it.
 */
export function createLrsApp(options: LrsAppOptions): LrsApp {
  const { db } = options;
  const defaultVersion = options.defaultVersion ?? '2.0.0';
  const log = options.log ?? { error: (message: string, error?: unknown) => console.error(message, error) };
  const resolvers: AuthResolver[] = [basicResolver(db, options.publicUrl)];
  const router = express.Router() as LrsApp;
  router.addAuthResolver = (resolver) => {
    resolvers.push(resolver);
  };

  router.use((req, res, next) => {
    res.set(CORS_HEADERS);
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    next();
  });
  router.use(express.raw({ type: () => true, limit: options.bodyLimit ?? '64mb' }));

  router.use(async (req: Request, res: Response, next: NextFunction) => {
    let version: XapiVersion = defaultVersion;
    try {
      const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const transport = unwrapAlternateSyntax(req, parseQuery(search), body);
      const path = req.path.replace(/\/+$/, '') || '/';
      const asked = parseVersionHeader(transport.headers['x-experience-api-version']);
      if (asked) version = asked;
      if (path === '/about') {
        send(res, version, await aboutResource({ ...transport, path, version, principal: anonymous, basePath: req.baseUrl }));
        return;
      }
      if (!transport.headers['x-experience-api-version']) throw badRequest('header X-Experience-API-Version is required');
      if (!asked) throw badRequest(`X-Experience-API-Version "${transport.headers['x-experience-api-version']}" is not supported (1.0.x or 2.0.x)`);
      const principal = await authenticate(resolvers, req, transport.headers.authorization);
      const request: XapiRequest = { ...transport, path, version, principal, basePath: req.baseUrl };
      let answer: XapiResponse;
      switch (path) {
        case '/statements':
          answer = await statementsResource(db, request);
          break;
        case '/activities/state':
          answer = await documentResource(db, request, 'state');
          break;
        case '/activities/profile':
          answer = await documentResource(db, request, 'activity-profile');
          break;
        case '/agents/profile':
          answer = await documentResource(db, request, 'agent-profile');
          break;
        case '/activities':
          answer = await activitiesResource(db, request);
          break;
        case '/agents':
          answer = await agentsResource(request);
          break;
        default:
          throw notFound(`no xAPI resource at ${path}`);
      }
      send(res, version, answer, path);
    } catch (error) {
      if (error instanceof XapiError) {
        if (error.status === 401) res.set('WWW-Authenticate', 'Basic realm="xAPI"');
        send(res, version, { status: error.status, body: { detail: error.message } }, req.path.replace(/\/+$/, ''));
        return;
      }
      const status = (error as { status?: number; type?: string }).status;
      if (status === 413) {
        send(res, version, { status: 413, body: { detail: 'request body too large' } });
        return;
      }
      log.error('xAPI request failed', error);
      if (res.headersSent) return next(error);
      send(res, version, { status: 500, body: { detail: 'internal error' } }, req.path.replace(/\/+$/, ''));
    }
  });
  // Body-reading failures (too large, aborted) arrive here, before any resource.
  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const status = (error as { status?: number }).status;
    if (typeof status !== 'number' || status < 400 || status >= 500 || res.headersSent) return next(error);
    send(res, defaultVersion, { status, body: { detail: status === 413 ? 'request body too large' : 'unreadable request body' } });
  });
  return router;
}

const anonymous: Principal = { id: '', authority: {}, scopes: [] };
