import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';

/**
 * Serves a built single-page app: hashed assets cached for a year, every other path answered with its
 * index.html so client-side routes (`/fr/learn`, `/admin/users`) survive a reload. Missing builds are skipped.
 * `document` builds the HTML of a path instead of the plain index.html (see learner-pages.ts).
 */
export function spaRouter(distDir: string, document?: (distDir: string) => (pathname: string) => Promise<string>): Router | null {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return null;
  const router = express.Router();
  router.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }),
  );
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  const page = document?.(distDir);
  router.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    res.setHeader('Cache-Control', 'no-cache');
    if (!page) return res.sendFile(index);
    res.type('html').send(await page(req.path));
  });
  return router;
}
