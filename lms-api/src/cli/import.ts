import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, parseConfig } from '../config/config';
import { allMigrations } from '../db/all-migrations';
import { migrate, openDatabase } from '../db/index';
import { contentPaths } from '../deps';
import { HttpError } from '../http/errors';
import { CONTENT_TYPES, LANGUAGES, type ContentType, type Language } from '../courses/schema';
import { createCourseFromPackage } from '../packages/service';

const USAGE = `Usage: npm run import -- FILE.zip [--module ID] [--title TITLE] [--type scorm|h5p|cmi5|aicc]
                         [--language en|fr|de|lb] [--webp] [--quality 1-100] [--lossless] [--inactive]
Imports a content package (or a cmi5 course structure .xml) as a new course, like the admin console does.`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    module: { type: 'string' },
    title: { type: 'string' },
    type: { type: 'string' },
    language: { type: 'string' },
    webp: { type: 'boolean', default: false },
    quality: { type: 'string' },
    lossless: { type: 'boolean', default: false },
    inactive: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help || positionals.length !== 1) fail(USAGE);
const file = path.resolve(positionals[0]);
if (!existsSync(file)) fail(`No such file: ${file}`);
const type = values.type ?? null;
if (type !== null && !(CONTENT_TYPES as readonly string[]).includes(type)) fail(`--type must be one of ${CONTENT_TYPES.join(', ')}.`);
const language = values.language ?? 'en';
if (!(LANGUAGES as readonly string[]).includes(language)) fail(`--language must be one of ${LANGUAGES.join(', ')}.`);
const moduleId = values.module === undefined ? null : Number(values.module);
if (moduleId !== null && !(Number.isInteger(moduleId) && moduleId >= 1)) fail('--module must be a module id (a whole number from 1).');
const quality = values.quality === undefined ? 85 : Number(values.quality);
if (!(Number.isInteger(quality) && quality >= 1 && quality <= 100)) fail('--quality must be a whole number from 1 to 100.');

let config;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`);
  throw error;
}
const db = await openDatabase(config);
try {
  await migrate(db, allMigrations);
  const started = Date.now();
  let lastStage = '';
  const { course, figures } = await createCourseFromPackage(
    { config, db, paths: contentPaths(config) },
    { title: values.title, language: language as Language, module_id: moduleId, is_active: !values.inactive },
    { path: file, filename: path.basename(file) },
    {
      type: type as ContentType | null,
      version: null,
      webp: values.webp ? { quality, lossless: values.lossless } : null,
      report: (stage, fraction = 0) => {
        // A terminal gets a live percentage; logs get one line per stage.
        if (process.stdout.isTTY) process.stdout.write(`\r${stage.padEnd(10)} ${Math.round(fraction * 100)}%   `);
        else if (stage !== lastStage) console.log(stage);
        lastStage = stage;
      },
    },
  );
  if (process.stdout.isTTY) process.stdout.write('\n');
  console.log(
    `Imported course ${course.id} "${course.title}": ${course.content_type} ${course.version ?? ''}, ${course.chapter_count} chapter(s), ` +
      `${figures.files} files in ${((Date.now() - started) / 1000).toFixed(1)} s` +
      (figures.webp ? `; ${figures.images_converted} image(s) converted to WebP, ${figures.bytes_saved} bytes saved` : ''),
  );
} catch (error) {
  if (process.stdout.isTTY) process.stdout.write('\n');
  if (error instanceof HttpError) fail(`Import refused: ${error.detail}`);
  throw error;
} finally {
  await db.close();
}
