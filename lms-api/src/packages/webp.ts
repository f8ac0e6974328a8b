import { availableParallelism } from 'node:os';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export interface WebpOptions {
  /** 1..100 (spec 9: default 85); ignored when lossless. */
  quality: number;
  lossless: boolean;
}

export interface WebpResult {
  images_converted: number;
  /** Images left as they were because WebP came out larger. */
  images_kept: number;
  /** Sizes of the converted images before and after. */
  bytes_before: number;
  bytes_after: number;
  /** How much smaller the whole package got (image savings minus longer references). */
  bytes_saved: number;
  files_rewritten: number;
  references_rewritten: number;
}

const IMAGE = /\.(png|jpe?g)$/i;
/** Files whose text may name images: pages, styles, scripts, data and descriptors. */
const TEXT = /\.(html?|xhtml|css|js|mjs|json|xml|svg|txt)$/i;
/**
 * A reference to a PNG/JPEG inside text: a run of URL characters ending in the extension, followed by a
 * query, fragment, quote, bracket, space or end (covers src="", url(...), './', '../', 'a.png?v=2').
 */
const REFERENCE = /[^\s"'`()<>[\]{},;\\=|*]*?\.(?:png|jpe?g)(?=[?#"'`()\s<>,;\\]|$)/gi;

/** Runs `work` over `items` with at most `limit` in flight (libvips adds its own threads per image). */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      await work(item);
    }
  });
  await Promise.all(workers);
}

function decode(reference: string): string {
  try {
    return decodeURIComponent(reference);
  } catch {
    return reference;
  }
}

/** Package-relative path a reference resolves to from `fromDir`, or null when it leaves the package or is remote. */
export function resolveReference(reference: string, fromDir: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(reference) || reference.startsWith('//') || reference.startsWith('/')) return null;
  const joined = path.posix.normalize(path.posix.join(fromDir, decode(reference)));
  if (joined.startsWith('..') || path.posix.isAbsolute(joined)) return null;
  return joined;
}

/**
 * Converts the package's PNG and JPEG images to WebP with sharp and rewrites every reference to a converted file in
 * its text files (HTML, CSS, JS, JSON, XML incl. imsmanifest.xml). A reference is rewritten only when it resolves
 * (from the referring file, else from the package root as scripts run in their page) to a converted image.
 */
export async function convertPackageToWebp(
  packageDir: string,
  files: string[],
  options: WebpOptions,
  onProgress: (fraction: number) => void = () => {},
): Promise<WebpResult> {
  // Decoded images are not reused: no cache keeps memory flat across hundreds of photos.
  sharp.cache(false);
  const existing = new Set(files);
  const images = files.filter((file) => IMAGE.test(file));
  /** original path -> new path, only for images that got smaller. */
  const converted = new Map<string, string>();
  const taken = new Set(files);
  const result: WebpResult = {
    images_converted: 0,
    images_kept: 0,
    bytes_before: 0,
    bytes_after: 0,
    bytes_saved: 0,
    files_rewritten: 0,
    references_rewritten: 0,
  };
  // Name each output first (sequentially) so parallel conversions never pick the same name.
  const targets = new Map<string, string>();
  for (const image of images) {
    const replaced = image.replace(IMAGE, '.webp');
    const target = taken.has(replaced) ? `${image}.webp` : replaced;
    taken.add(target);
    targets.set(image, target);
  }
  let done = 0;
  await pool(images, Math.max(1, availableParallelism()), async (image) => {
    const source = path.join(packageDir, image);
    const target = targets.get(image) as string;
    const before = (await stat(source)).size;
    try {
      const info = await sharp(source, { failOn: 'none', limitInputPixels: 268_402_689 })
        .webp(options.lossless ? { lossless: true } : { quality: options.quality })
        .toFile(path.join(packageDir, target));
      if (info.size < before) {
        await rm(source);
        converted.set(image, target);
        result.images_converted++;
        result.bytes_before += before;
        result.bytes_after += info.size;
      } else {
        await rm(path.join(packageDir, target));
        result.images_kept++;
      }
    } catch {
      // An image sharp cannot read stays as it is: the package keeps working.
      await rm(path.join(packageDir, target), { force: true });
      result.images_kept++;
    }
    onProgress((++done / Math.max(1, images.length)) * 0.9);
  });
  result.bytes_saved = result.bytes_before - result.bytes_after;
  if (converted.size === 0) {
    onProgress(1);
    return result;
  }

  const texts = files.filter((file) => TEXT.test(file) && existing.has(file));
  for (const [index, file] of texts.entries()) {
    const full = path.join(packageDir, file);
    // latin1 maps bytes 1:1, so files in any encoding are written back unchanged except for the references.
    const text = await readFile(full, 'latin1');
    const fromDir = path.posix.dirname(file) === '.' ? '' : path.posix.dirname(file);
    let count = 0;
    const rewritten = text.replace(REFERENCE, (reference) => {
      const target = [resolveReference(reference, fromDir), resolveReference(reference, '')]
        .map((resolved) => (resolved ? converted.get(resolved) : undefined))
        .find((value) => value !== undefined);
      if (!target) return reference;
      count++;
      // Same folder, new name: `.png` becomes `.webp`, or `.png.webp` when that name was taken.
      return target.endsWith('.webp') && !IMAGE.test(target.slice(0, -5)) ? reference.replace(IMAGE, '.webp') : `${reference}.webp`;
    });
    if (count > 0) {
      // `.webp` is one byte longer than `.jpg`: the saving reported is the package's real change in size.
      result.bytes_saved -= rewritten.length - text.length;
      await writeFile(full, rewritten, 'latin1');
      result.files_rewritten++;
      result.references_rewritten += count;
    }
    onProgress(0.9 + (0.1 * (index + 1)) / texts.length);
  }
  return result;
}
