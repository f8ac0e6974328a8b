import { createRequire } from 'node:module';
import express, { type Router } from 'express';
import type { Api } from '../http/api';

const require = createRequire(import.meta.url);

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>OSAPS learning platform API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><main id="swagger-ui"></main>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body></html>`;

/** `/api/v1/openapi.json` (generated from the route schemas) and a self-hosted reference UI at `/api/docs`. */
export function openApiRouter(api: Api, version: string): Router {
  const router = express.Router();
  let document: Record<string, unknown> | null = null;
  router.get('/api/v1/openapi.json', (_req, res) => {
    document ??= api.openApi({ title: 'OSAPS learning platform API', version });
    res.json(document);
  });
  // The folder only: the package's main module would evaluate the whole browser bundle in this process.
  const assets: string = (require('swagger-ui-dist/absolute-path.js') as () => string)();
  router.use('/api/docs/assets', express.static(assets, { maxAge: '1d', index: false }));
  router.get('/api/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(
      "window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#swagger-ui' });",
    );
  });
  router.get(['/api/docs', '/api/docs/'], (_req, res) => {
    res.type('html').send(DOCS_PAGE);
  });
  return router;
}
