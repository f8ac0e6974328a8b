import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Static, TSchema } from '@sinclair/typebox';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { badRequest, forbidden, unauthorized } from './errors';
import { parseMultipart, type MultipartOptions, type UploadedFile } from './multipart';
import type { AuthUser } from '../auth/user';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

/** JSON bodies are validated as sent; query strings, path parameters and form fields arrive as text and are coerced. */
const jsonAjv = addFormats(new Ajv({ allErrors: false, useDefaults: true, strict: false }));
const textAjv = addFormats(new Ajv({ allErrors: false, useDefaults: true, coerceTypes: true, strict: false }));

export type Access = 'public' | 'optional' | 'user' | 'admin';

export interface RouteSpec<B extends TSchema | undefined, Q extends TSchema | undefined, P extends TSchema | undefined> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Express path below /api/v1, e.g. `/courses/id/:id`. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  body?: B;
  query?: Q;
  params?: P;
  /** Multipart form: the body schema validates the text fields; files stream to a temporary folder. */
  multipart?: MultipartOptions;
  /** Status of a successful answer (default 200; 204 sends no body). */
  status?: number;
  /** OpenAPI description of the success answer. */
  response?: TSchema;
  description?: string;
}

type Maybe<S> = S extends TSchema ? Static<S> : undefined;

export interface RouteContext<B, Q, P> {
  req: Request;
  res: Response;
  body: B;
  query: Q;
  params: P;
  user: AuthUser | null;
  files: Record<string, UploadedFile>;
}

export type Handler<B, Q, P> = (ctx: RouteContext<B, Q, P>) => Promise<unknown> | unknown;

interface Operation {
  method: string;
  path: string;
  spec: RouteSpec<TSchema | undefined, TSchema | undefined, TSchema | undefined>;
}

function describe(errors: ErrorObject[] | null | undefined, where: string): string {
  const error = errors?.[0];
  if (!error) return `Invalid ${where}.`;
  const field = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return `${field ? `${field}.` : ''}${missing} is required.`;
  }
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty: string }).additionalProperty;
    return `${field ? `${field}.` : ''}${extra} is not an allowed field.`;
  }
  const subject = field || where;
  const message = error.message ?? 'is invalid';
  return `${subject} ${message}.`;
}

function compile(ajv: Ajv, schema: TSchema | undefined): ValidateFunction | null {
  return schema ? ajv.compile(schema) : null;
}

/** Multipart fields: an empty text means "not sent"; the text "null" means null. */
function normaliseFormFields(fields: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === '') continue;
    out[key] = value === 'null' ? null : value;
  }
  return out;
}

/**
 * The API's routes, their validation and their OpenAPI description from one definition: each route
 * reads as authenticate -> validate -> handler (service + presenter).
 */
export class Api {
  readonly router = Router();
  readonly operations: Operation[] = [];

  route<B extends TSchema | undefined = undefined, Q extends TSchema | undefined = undefined, P extends TSchema | undefined = undefined>(
    spec: RouteSpec<B, Q, P>,
    handler: Handler<Maybe<B>, Maybe<Q>, Maybe<P>>,
  ): void {
    const bodyCheck = compile(spec.multipart ? textAjv : jsonAjv, spec.body);
    const queryCheck = compile(textAjv, spec.query);
    const paramsCheck = compile(textAjv, spec.params);
    this.operations.push({ method: spec.method, path: spec.path, spec: spec as Operation['spec'] });

    const run: RequestHandler = async (req: Request, res: Response, _next: NextFunction) => {
      const user = req.user ?? null;
      if (spec.access === 'user' || spec.access === 'admin') {
        if (!user) throw unauthorized(req.authFailure ? 'Invalid anonymous ID.' : 'Authentication required.');
        if (spec.access === 'admin' && !user.is_admin) throw forbidden();
      }
      const params = { ...req.params } as Record<string, unknown>;
      if (paramsCheck && !paramsCheck(params)) throw badRequest(describe(paramsCheck.errors, 'path'));
      const query = { ...(req.query as Record<string, unknown>) };
      if (queryCheck && !queryCheck(query)) throw badRequest(describe(queryCheck.errors, 'query'));
      let body: unknown = req.body;
      let files: Record<string, UploadedFile> = {};
      if (spec.multipart) {
        if (!req.is('multipart/form-data')) throw badRequest('Expected a multipart/form-data request.');
        const form = await parseMultipart(req, res, spec.multipart);
        files = form.files;
        body = normaliseFormFields(form.fields);
      } else if (spec.body && (body === undefined || body === null || typeof body !== 'object')) {
        throw badRequest('Request body must be a JSON object.');
      }
      if (bodyCheck && !bodyCheck(body)) throw badRequest(describe(bodyCheck.errors, 'body'));
      const result = await handler({
        req,
        res,
        body: body as Maybe<B>,
        query: query as Maybe<Q>,
        params: params as Maybe<P>,
        user,
        files,
      });
      if (res.headersSent || res.writableEnded) return;
      const status = spec.status ?? 200;
      if (status === 204 || result === undefined) res.status(status === 200 && result === undefined ? 204 : status).end();
      else res.status(status).json(result);
    };
    this.router[spec.method](spec.path, run);
  }

  /** The OpenAPI 3.1 document of every route defined so far. */
  openApi(info: { title: string; version: string }): Record<string, unknown> {
    const paths: Record<string, Record<string, unknown>> = {};
    for (const { method, path, spec } of this.operations) {
      const openPath = '/api/v1' + path.replace(/:(\w+)/g, '{$1}');
      const parameters: unknown[] = [];
      const paramProps = (spec.params as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
      for (const [name, schema] of Object.entries(paramProps)) parameters.push({ name, in: 'path', required: true, schema });
      const query = spec.query as { properties?: Record<string, unknown>; required?: string[] } | undefined;
      for (const [name, schema] of Object.entries(query?.properties ?? {})) {
        parameters.push({ name, in: 'query', required: query?.required?.includes(name) ?? false, schema });
      }
      const operation: Record<string, unknown> = {
        summary: spec.summary,
        description: spec.description,
        tags: [spec.tag],
        parameters,
        security: spec.access === 'public' ? [] : [{ anonymousId: [] }],
        responses: {
          [String(spec.status ?? 200)]: {
            description: 'Success',
            ...(spec.response ? { content: { 'application/json': { schema: spec.response } } } : {}),
          },
          '400': { description: 'Invalid input', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
          ...(spec.access === 'user' || spec.access === 'admin' ? { '401': { description: 'Not signed in' } } : {}),
          ...(spec.access === 'admin' ? { '403': { description: 'Not an administrator' } } : {}),
        },
      };
      if (spec.body) {
        operation.requestBody = {
          required: true,
          content: spec.multipart
            ? {
                'multipart/form-data': {
                  schema: {
                    ...spec.body,
                    properties: {
                      ...(spec.body as { properties?: object }).properties,
                      ...Object.fromEntries(
                        Object.keys(spec.multipart.files).map((name) => [name, { type: 'string', format: 'binary' }]),
                      ),
                    },
                  },
                },
              }
            : { 'application/json': { schema: spec.body } },
        };
      }
      (paths[openPath] ??= {})[method] = operation;
    }
    return {
      openapi: '3.1.0',
      info,
      servers: [{ url: '/' }],
      paths,
      components: {
        securitySchemes: { anonymousId: { type: 'http', scheme: 'bearer', description: 'The anonymous ID' } },
        schemas: { Error: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] } },
      },
    };
  }
}
