import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Config } from './config/config';
import type { Db } from './db/db';
import { contentPaths, type AppDeps } from './deps';
import { FailureLimiter, authenticate } from './auth/middleware';
import { antiForgery } from './auth/csrf';
import { Api } from './http/api';
import { errorHandler, notFound } from './http/errors';
import { compress } from './http/compression';
import { openApiRouter } from './openapi/routes';
import { registerRoutes } from './routes';
import { contentRouter } from './content/routes';
import { spaRouter } from './web/static';
import { learnerDocuments } from './web/learner-pages';
import { publicSettings } from './settings/service';
import { createLrsAdminRouter, createLrsApp } from 'lrs';
import { requireAdmin } from './auth/middleware';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface CreateAppOptions {
  config: Config;
  db: Db;
  log?: AppDeps['log'];
  /** Serve the built web apps (default true); API-only tests turn it off. */
  serveWebApps?: boolean;
}

/** Paths whose clients cannot send the anti-forgery header and authenticate otherwise. */
const ANTI_FORGERY_EXEMPT = [/^\/aicc\//, /^\/cmi5\/fetch\//];

/** The whole platform as one Express app: API, LRS, content and both web apps (DESIGN.md 4). */
export function createApp({ config, db, log = console.error, serveWebApps = true }: CreateAppOptions): { app: Express; deps: AppDeps; api: Api } {
  const deps: AppDeps = {
    config,
    db,
    limiter: new FailureLimiter(config.authFailureLimit, config.authFailureWindowMs),
    paths: contentPaths(config),
    log,
  };
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'extended');

  const api = new Api();
  registerRoutes(api, deps);

  if (config.logRequests) {
    // Method, path (without query: it may carry identifiers), status and time; never the Authorization header.
    app.use((req, res, next) => {
      const started = process.hrtime.bigint();
      res.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        console.log(`${req.method} ${req.path} ${res.statusCode} ${ms.toFixed(1)}ms`);
      });
      next();
    });
  }

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Course packages are third-party HTML run in a same-origin frame (the SCORM API must be reachable
          // from the content's window), so frames of our own origin are allowed, others are not.
          'frame-ancestors': ["'self'"],
          'frame-src': ["'self'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'media-src': ["'self'", 'blob:', 'https:'],
          'script-src': ["'self'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'connect-src': ["'self'"],
          'worker-src': ["'self'", 'blob:'],
        },
      },
      crossOriginEmbedderPolicy: false,
      frameguard: { action: 'sameorigin' },
    }),
  );

  app.use(['/api/docs', '/api/v1/openapi.json'], compress());
  app.use(openApiRouter(api, '1.0.0'));

  // The LRS parses its own bodies (JSON, multipart/mixed attachments, alternate request syntax) and
  // authenticates with its own credentials (DESIGN.md 2).
  app.use('/xapi', createLrsApp({ db, publicUrl: config.publicUrl, log: { error: log } }));

  const apiRouter = express.Router();
  apiRouter.use('/content', compress(), contentRouter(deps.paths.content));
  apiRouter.use(express.json({ limit: config.jsonBodyLimit }));
  apiRouter.use(antiForgery({ secure: config.production, exempt: (p) => ANTI_FORGERY_EXEMPT.some((re) => re.test(p)) }));
  apiRouter.use(authenticate(db, config, deps.limiter));
  apiRouter.use(api.router);
  apiRouter.use('/admin/lrs', requireAdmin, createLrsAdminRouter({ db }));
  apiRouter.use(() => {
    throw notFound('Not found.');
  });
  app.use('/api/v1', apiRouter);

  if (serveWebApps) {
    const admin = spaRouter(path.join(repoRoot, 'admin-web/dist'));
    if (admin) app.use('/admin', compress(), admin);
    const learner = spaRouter(path.join(repoRoot, 'learner-web/dist'), (dist) => learnerDocuments(dist, publicSettings(config), log));
    if (learner) app.use(compress(), learner);
  }

  app.use(errorHandler(log));
  return { app, deps, api };
}
