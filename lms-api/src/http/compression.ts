import compression from 'compression';
import type { RequestHandler } from 'express';

/**
 * Brotli or gzip for compressible answers (HTML, scripts, styles, SVG, JSON, XML): the learner app's scripts are a
 * third of their size on the wire, which slow mobile networks feel first. Mounted on the web apps, course content
 * and the API documentation, not on the learner API's hot paths (their answers are small). A Range request is
 * answered as stored: its byte offsets refer to the file, not to a compressed stream.
 */
export function compress(): RequestHandler {
  return compression({ filter: (req, res) => !req.headers.range && compression.filter(req, res) });
}
