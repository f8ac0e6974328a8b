import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config/config';
import type { Db } from '../db/db';
import { contentPaths } from '../deps';
import type { CourseRow } from '../courses/store';
import { zipToBuffer } from './archive';
import { createCourseFromPackage } from './service';

/** Sources of the platform's own demo course (SCORM 1.2): zipped in memory at first start. */
export const DEMO_PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../demo/package');

/** The demo package as a ZIP archive, built from its source files. */
export async function buildDemoPackage(): Promise<Buffer> {
  const names = (await readdir(DEMO_PACKAGE_DIR)).sort();
  return zipToBuffer(await Promise.all(names.map(async (name) => ({ name, data: await readFile(path.join(DEMO_PACKAGE_DIR, name)) }))));
}

/** Imports the demo course into `moduleId` through the regular package pipeline. */
export async function importDemoCourse({ config, db }: { config: Config; db: Db }, moduleId: number): Promise<CourseRow> {
  const paths = contentPaths(config);
  await mkdir(paths.tmp, { recursive: true });
  const dir = await mkdtemp(path.join(paths.tmp, 'demo-'));
  try {
    const file = path.join(dir, 'demo-accessibility-distributors.zip');
    await writeFile(file, await buildDemoPackage());
    const { course } = await createCourseFromPackage(
      { config, db, paths },
      {
        title: 'Accessibilité : les obligations des distributeurs',
        description: 'Ce que la loi du 8 mars 2023 (transposition de l’European Accessibility Act) demande aux distributeurs à partir du 28 juin 2025.',
        language: 'fr',
        module_id: moduleId,
        level: 1,
      },
      { path: file, filename: path.basename(file) },
      { type: 'scorm', version: null, webp: null },
    );
    return course;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
