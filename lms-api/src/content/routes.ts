import express, { type Router } from 'express';

/**
 * `/api/v1/content/...`: module images and extracted course packages (DESIGN.md 7 Serving). express.static
 * gives MIME types from the extension, ETag/Last-Modified and HTTP Range (video seeking). Package files live
 * in versioned folders and image names are unique, so they can be cached for a day.
 */
export function contentRouter(contentDir: string): Router {
  const router = express.Router();
  router.use((_req, res, next) => {
    // Packages are third-party HTML/JS: it may run inline scripts, but only talk to this origin.
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'self' data: blob:; script-src 'self' 'unsafe-inline' 'unsafe-eval' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' blob:; frame-ancestors 'self'",
    );
    next();
  });
  router.use(
    express.static(contentDir, {
      index: ['index.html'],
      dotfiles: 'deny',
      fallthrough: false,
      maxAge: '1d',
      acceptRanges: true,
    }),
  );
  return router;
}
