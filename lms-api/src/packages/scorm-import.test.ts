import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWith, type TestApp, type TestClient } from '../test/helpers';
import { fixture, listTree, postCourse } from './testing';
import type { ScormManifest } from './types';

// Expected values from /work/shared/fixtures/scorm/SOURCES.md (version, SCO count) and the manifests' titles.
const GOLF = [
  { zip: 'golf-scorm12-runtime-basic-single-sco.zip', version: '1.2', scos: 1, title: 'Golf Explained - Run-time Basic Calls', launch: 'shared/launchpage.html' },
  { zip: 'golf-scorm12-runtime-minimum-multi-sco.zip', version: '1.2', scos: 18, title: 'Golf Explained - Minimum Run-time Calls' },
  { zip: 'golf-scorm2004-2nd-contentpackaging-single-sco.zip', version: '2004 2nd Edition', scos: 1, title: 'Golf Explained - CP Single SCO', launch: 'shared/launchpage.html' },
  { zip: 'golf-scorm2004-3rd-runtime-basic.zip', version: '2004 3rd Edition', scos: 1, title: 'Golf Explained - Run-time Basic Calls', launch: 'shared/launchpage.html' },
  { zip: 'golf-scorm2004-3rd-runtime-advanced-interactions-objectives.zip', version: '2004 3rd Edition', scos: 1, title: 'Golf Explained - Run-time Advanced Calls', launch: 'shared/launchpage.html' },
  { zip: 'golf-scorm2004-3rd-seq-forced-sequential.zip', version: '2004 3rd Edition', scos: 5, title: 'Golf Explained - Sequencing Forced Order' },
  { zip: 'golf-scorm2004-3rd-seq-simple-remediation.zip', version: '2004 3rd Edition', scos: 5, title: 'Golf Explained - Simple Remediation' },
  { zip: 'golf-scorm2004-3rd-seq-random-test.zip', version: '2004 3rd Edition', scos: 5, title: 'Golf Explained - Sequencing Random Test' },
  { zip: 'golf-scorm2004-4th-seq-posttest-rollup.zip', version: '2004 4th Edition', scos: 5, title: 'Golf Explained - 4th Edition Features' },
];

let t: TestApp;
let admin: TestClient;

beforeAll(async () => ({ t, admin } = await createTestAppWith(['admin'])));
afterAll(() => t.close());

describe('SCORM import through POST /api/v1/courses/', () => {
  for (const golf of GOLF) {
    it(`imports ${golf.zip}`, async () => {
      const res = await postCourse(admin, { title: `Course ${golf.zip}`, content_type: 'scorm', version: 'auto', language: 'fr' }, {
        path: fixture('scorm', golf.zip),
      }).expect(201);
      const manifest = res.body.settings.manifest as ScormManifest;
      expect(res.body).toMatchObject({ title: `Course ${golf.zip}`, content_type: 'scorm', version: golf.version, language: 'fr', chapter_count: golf.scos });
      expect(res.body.settings.webp_converted).toBe(false);
      expect(manifest.version).toBe(golf.version);
      expect(manifest.title).toBe(golf.title);
      expect(new Set(manifest.scos.filter((sco) => sco.scorm_type === 'sco').map((sco) => sco.resource)).size).toBe(golf.scos);
      expect(manifest.default_organization).toBeTruthy();
      if (golf.launch) expect(manifest.scos[0].launch_url).toBe(golf.launch);

      // The launch URL serves the SCO's page.
      const launch = await admin.get(`/api/v1/courses/id/${res.body.id}/launch`).expect(200);
      expect(launch.body.launch_url).toMatch(new RegExp(`^/api/v1/content/courses/${res.body.id}/v1/`));
      const page = await admin.get(launch.body.launch_url).expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      // Every SCO launch URL of the table of contents is served too.
      for (const sco of manifest.scos) {
        const file = sco.launch_url.split(/[?#]/)[0];
        await admin.get(`/api/v1/content/courses/${res.body.id}/v1/${file}`).expect(200);
      }
    });
  }

  it('keeps SCORM 1.2 item data and 2004 sequencing structured', async () => {
    const multi = await postCourse(admin, { title: 'Multi' }, { path: fixture('scorm', 'golf-scorm12-runtime-minimum-multi-sco.zip') }).expect(201);
    const manifest12 = multi.body.settings.manifest as ScormManifest;
    const quiz = manifest12.scos.find((sco) => sco.identifier === 'playing_quiz_item');
    // CAM 2.3.5.2: item parameters are appended to the resource href.
    expect(quiz?.launch_url).toMatch(/\?questions=Playing$/);
    expect(manifest12.organizations[0].items.map((item) => item.title)).toEqual(['Playing the Game', 'Etiquette', 'Handicapping', 'Having Fun']);

    const seq = await postCourse(admin, { title: 'Seq' }, { path: fixture('scorm', 'golf-scorm2004-3rd-seq-forced-sequential.zip') }).expect(201);
    const manifest = seq.body.settings.manifest as ScormManifest;
    expect(Object.keys(manifest.sequencing_collection)).toContain('common_seq_rules');
    const etiquette = manifest.organizations[0].items.find((item) => item.title === 'Etiquette');
    expect(etiquette?.sequencing?.IDRef).toBe('common_seq_rules');
    expect(JSON.stringify(etiquette?.sequencing)).toContain('disabled');
    expect(manifest.organizations[0].objectives_global_to_system).toBe(false);
  });

  it('stores the package under a versioned folder of the course', async () => {
    const res = await postCourse(admin, { title: 'Folder' }, { path: fixture('scorm', 'golf-scorm12-runtime-basic-single-sco.zip') }).expect(201);
    const files = await listTree(`${t.deps.paths.content}/courses/${res.body.id}`);
    expect(files).toContain('v1/imsmanifest.xml');
    expect(files.every((file) => file.startsWith('v1/'))).toBe(true);
  });
});
