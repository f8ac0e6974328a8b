import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { badRequest } from '../http/errors';
import type { UploadedFile } from '../http/multipart';

/** Module images: any image type (spec 2 Module form: "any image", JPG, PNG or SVG recommended). */
export const MODULE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const EXTENSION_BY_MIME: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/pjpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/bmp': 'bmp',
  'image/svg+xml': 'svg',
  'image/x-icon': 'ico',
  'image/vnd.microsoft.icon': 'ico',
};
const KNOWN_EXTENSIONS = new Set([...Object.values(EXTENSION_BY_MIME), 'jpeg']);

/** First bytes of each raster format, so a renamed file is not served as an image. */
const SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  png: (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpg: (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff,
  gif: (h) => h.subarray(0, 4).toString('latin1') === 'GIF8',
  webp: (h) => h.subarray(0, 4).toString('latin1') === 'RIFF' && h.subarray(8, 12).toString('latin1') === 'WEBP',
  avif: (h) => h.subarray(4, 8).toString('latin1') === 'ftyp',
  bmp: (h) => h.subarray(0, 2).toString('latin1') === 'BM',
  ico: (h) => h[0] === 0 && h[1] === 0 && (h[2] === 1 || h[2] === 2) && h[3] === 0,
};

/**
 * Content is served from our own origin, so an SVG with script would run as us (stored XSS): refuse scripts,
 * event handlers, javascript: URLs and embedded HTML.
 */
const SVG_ACTIVE_CONTENT = /<script|<foreignObject|\son[a-z]+\s*=|javascript:|<iframe|<embed|<object/i;

function extensionOf(file: UploadedFile): string {
  const byMime = EXTENSION_BY_MIME[file.mimeType.toLowerCase()];
  if (byMime) return byMime;
  const byName = path.extname(file.filename).slice(1).toLowerCase();
  if (KNOWN_EXTENSIONS.has(byName)) return byName === 'jpeg' ? 'jpg' : byName;
  throw badRequest('Unsupported image type. Use JPG, PNG, GIF, WebP, AVIF or SVG.');
}

async function checkContent(file: UploadedFile, extension: string): Promise<void> {
  if (file.size === 0) throw badRequest('The image file is empty.');
  if (extension === 'svg') {
    const text = await readFile(file.path, 'utf8');
    if (!/<svg[\s>]/i.test(text)) throw badRequest('The file is not a valid SVG image.');
    if (SVG_ACTIVE_CONTENT.test(text)) throw badRequest('SVG images must not contain scripts or event handlers.');
    return;
  }
  const handle = await open(file.path, 'r');
  try {
    const head = Buffer.alloc(16);
    await handle.read(head, 0, 16, 0);
    if (!SIGNATURES[extension](head)) throw badRequest('The file is not a valid image.');
  } finally {
    await handle.close();
  }
}

/** Checks an uploaded image and moves it to `<content>/modules/<uuid>.<ext>`; returns its image_path. */
export async function storeModuleImage(contentDir: string, file: UploadedFile): Promise<string> {
  const extension = extensionOf(file);
  await checkContent(file, extension);
  const relative = `modules/${randomUUID()}.${extension}`;
  const target = path.join(contentDir, relative);
  await mkdir(path.dirname(target), { recursive: true });
  try {
    await rename(file.path, target);
  } catch {
    // Temporary and content folders on different file systems.
    await copyFile(file.path, target);
  }
  return relative;
}

/** Removes a stored module image; only paths under `modules/` are ever touched. */
export async function removeModuleImage(contentDir: string, imagePath: string | null): Promise<void> {
  if (!imagePath || !/^modules\/[\w-]+\.\w+$/.test(imagePath)) return;
  await rm(path.join(contentDir, imagePath), { force: true });
}
