/**
 * Package import benchmark (npm run bench:import): a generated 100 MB SCORM package of 400 photos is imported
 * with and without WebP conversion, and compared with sharp converting the same images alone. Each run is its
 * own process, so peak RSS (getrusage maxrss) belongs to that run only.
 *
 * Goals (issue): WebP import within 1.5x of sharp alone; peak RSS under 600 MB.
 */
import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import yazl from 'yazl';
import { testConfig } from '../src/config/config';
import { createTestDb } from '../src/test/db';
import { createCourseFromPackage } from '../src/packages/service';

const PHOTOS = 400;
const WIDTH = 1120;
const HEIGHT = 780;
const QUALITY = 85;
const self = fileURLToPath(import.meta.url);

interface Measure {
  seconds: number;
  /** Peak RSS of the whole process (getrusage). */
  peakRssMb: number;
  /** RSS before the measured work started (embedded PGlite alone reserves most of it). */
  baselineRssMb: number;
  /** Highest RSS sampled while the measured work ran. */
  workPeakRssMb: number;
  detail: string;
}

/** Samples RSS every 10 ms while `work` runs. */
async function sampled<T>(work: () => Promise<T>): Promise<{ value: T; baseline: number; peak: number }> {
  const baseline = process.memoryUsage.rss() / MIB;
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss() / MIB);
  }, 10);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage.rss() / MIB);
    return { value, baseline, peak };
  } finally {
    clearInterval(timer);
  }
}

/** A photo-like JPEG: a colour gradient with blurred noise (compresses like a real photo, ~240 KB). */
async function photo(index: number): Promise<Buffer> {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  let seed = index * 2654435761;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const noise = (seed >>> 24) - 128;
      const at = (y * WIDTH + x) * 3;
      raw[at] = Math.max(0, Math.min(255, (x * 255) / WIDTH + noise));
      raw[at + 1] = Math.max(0, Math.min(255, (y * 255) / HEIGHT + noise));
      raw[at + 2] = Math.max(0, Math.min(255, ((index * 37) % 255) + noise));
    }
  }
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).blur(1.2).jpeg({ quality: 90 }).toBuffer();
}

/** Writes the SCORM 1.2 package to disk, streaming (the images are stored: JPEG does not deflate). */
async function generatePackage(dir: string): Promise<string> {
  const zip = new yazl.ZipFile();
  const file = path.join(dir, 'photos.zip');
  const done = new Promise<void>((resolve, reject) => {
    zip.outputStream.pipe(createWriteStream(file)).on('close', resolve).on('error', reject);
  });
  const names = Array.from({ length: PHOTOS }, (_, i) => `photos/photo-${String(i).padStart(3, '0')}.jpg`);
  zip.addBuffer(
    Buffer.from(`<?xml version="1.0"?>
<manifest identifier="bench" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="o"><organization identifier="o"><title>Photo album</title><item identifier="i" identifierref="r"><title>Album</title></item></organization></organizations>
  <resources><resource identifier="r" type="webcontent" adlcp:scormtype="sco" href="index.html"><file href="index.html"/>${names.map((n) => `<file href="${n}"/>`).join('')}</resource></resources>
</manifest>`),
    'imsmanifest.xml',
  );
  zip.addBuffer(Buffer.from(`<!doctype html><html lang="en"><title>Album</title>${names.map((n) => `<img src="${n}" alt="">`).join('\n')}</html>`), 'index.html');
  for (let i = 0; i < PHOTOS; i++) zip.addBuffer(await photo(i), names[i], { compress: false });
  zip.end();
  await done;
  return file;
}

const MIB = 1024 * 1024;

function peakRssMb(): number {
  // maxRSS is in kibibytes (getrusage).
  return process.resourceUsage().maxRSS / 1024;
}

/** One measured run, inside its own process. */
async function runScenario(scenario: string, file: string, work: string): Promise<Measure> {
  const started = performance.now();
  if (scenario === 'sharp-alone') {
    // The same images, converted by sharp with the same options and the same pool size as the importer.
    const dir = path.join(work, 'extracted');
    const images = (await readdir(path.join(dir, 'photos'))).map((name) => path.join(dir, 'photos', name));
    sharp.cache(false);
    let next = 0;
    let bytes = 0;
    const run = await sampled(() =>
      Promise.all(
        Array.from({ length: availableParallelism() }, async () => {
          while (next < images.length) {
            const image = images[next++];
            const info = await sharp(image).webp({ quality: QUALITY }).toFile(`${image}.webp`);
            bytes += info.size;
          }
        }),
      ),
    );
    return {
      seconds: (performance.now() - started) / 1000,
      peakRssMb: peakRssMb(),
      baselineRssMb: run.baseline,
      workPeakRssMb: run.peak,
      detail: `${images.length} images -> ${(bytes / 1e6).toFixed(1)} MB`,
    };
  }
  const config = testConfig(path.join(work, scenario), { upload: { maxBytes: 1024 ** 3, maxEntries: 20_000, maxExpandedBytes: 4 * 1024 ** 3, maxCompressionRatio: 200 } });
  // A fresh database: in-memory PGlite in this process, or a new database on the DATABASE_URL server.
  const db = await createTestDb();
  const paths = { content: path.join(config.dataDir, 'content'), tmp: path.join(config.dataDir, 'tmp') };
  const migrated = performance.now();
  const run = await sampled(() =>
    createCourseFromPackage(
      { config, db, paths },
      { title: 'Bench' },
      { path: file, filename: 'photos.zip' },
      { type: 'scorm', version: null, webp: scenario === 'import-webp' ? { quality: QUALITY, lossless: false } : null },
    ),
  );
  const { figures } = run.value;
  const seconds = (performance.now() - migrated) / 1000;
  await db.destroy();
  return {
    seconds,
    peakRssMb: peakRssMb(),
    baselineRssMb: run.baseline,
    workPeakRssMb: run.peak,
    detail: figures.webp ? `${figures.images_converted} converted, ${(figures.bytes_saved / 1e6).toFixed(1)} MB saved` : `${figures.files} files`,
  };
}

async function child(scenario: string, file: string, work: string): Promise<Measure> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', self, '--run', scenario, file, work], {
    maxBuffer: 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) as string) as Measure;
}

async function main(): Promise<void> {
  const [flag, scenario, file, work] = process.argv.slice(2);
  if (flag === '--run') {
    console.log(JSON.stringify(await runScenario(scenario, file, work)));
    return;
  }
  const workDir = await mkdtemp(path.join(tmpdir(), 'osaps-import-bench-'));
  try {
    console.log(`Generating a SCORM package of ${PHOTOS} photos (${WIDTH}x${HEIGHT} JPEG)...`);
    const zip = await generatePackage(workDir);
    const size = (await stat(zip)).size;
    console.log(`Package: ${(size / 1e6).toFixed(1)} MB; ${availableParallelism()} CPU(s); sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}`);
    // sharp alone works on the extracted images, so extraction is not part of its time.
    await mkdir(path.join(workDir, 'extracted'), { recursive: true });
    await promisify(execFile)('unzip', ['-q', zip, '-d', path.join(workDir, 'extracted')]);

    const results: Record<string, Measure> = {};
    for (const scenario of ['import-plain', 'import-webp', 'sharp-alone']) {
      results[scenario] = await child(scenario, zip, workDir);
      const r = results[scenario];
      console.log(
        `${scenario.padEnd(13)} ${r.seconds.toFixed(2).padStart(7)} s   peak RSS ${r.peakRssMb.toFixed(0).padStart(4)} MiB ` +
          `(before the work ${r.baselineRssMb.toFixed(0)} MiB, during it up to ${r.workPeakRssMb.toFixed(0)} MiB, ` +
          `work adds ${(r.workPeakRssMb - r.baselineRssMb).toFixed(0)} MiB)   ${r.detail}`,
      );
    }
    const ratio = results['import-webp'].seconds / results['sharp-alone'].seconds;
    console.log(`WebP import / sharp alone: ${ratio.toFixed(2)}x (goal <= 1.5x)`);
    const peak = Math.max(results['import-plain'].peakRssMb, results['import-webp'].peakRssMb);
    const added = Math.max(...['import-plain', 'import-webp'].map((name) => results[name].workPeakRssMb - results[name].baselineRssMb));
    console.log(`Peak RSS of an import process: ${peak.toFixed(0)} MiB (goal < 600 MB); the import pipeline itself adds at most ${added.toFixed(0)} MiB`);
    console.log('(The importing process here also holds an in-memory embedded PGlite database; with DATABASE_URL the database is another process.)');
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
