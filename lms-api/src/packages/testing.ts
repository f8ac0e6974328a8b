import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { TestClient } from '../test/helpers';

export { fixture } from '../test/fixtures';

/** Every file below `dir` (relative, forward slashes); [] when it does not exist. */
export async function listTree(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (current: string, prefix: string) => {
    let entries;
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const relative = prefix + entry.name;
      if (entry.isDirectory()) await walk(path.join(current, entry.name), `${relative}/`);
      else out.push(relative);
    }
  };
  await walk(dir, '');
  return out.sort();
}

export interface UploadFields {
  [name: string]: string | number | boolean | undefined;
}

type PackageFile = { path: string } | { buffer: Buffer; filename: string } | null;
type UploadRequest = ReturnType<TestClient['post']>;

/** Adds the form fields (undefined ones left out) and the package file (from disk or memory) to a multipart request. */
function withPackage(request: UploadRequest, fields: UploadFields, file: PackageFile): UploadRequest {
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) request = request.field(name, String(value));
  if (file && 'path' in file) return request.attach('package', file.path);
  if (file) return request.attach('package', file.buffer, file.filename);
  return request;
}

/** POST /api/v1/courses/ as the given admin with a package from disk or memory. */
export function postCourse(client: TestClient, fields: UploadFields, file: PackageFile) {
  return withPackage(client.post('/api/v1/courses/'), fields, file);
}

/** PUT /api/v1/courses/id/:id/package: a new version of the course's package. */
export function putPackage(client: TestClient, courseId: number, fields: UploadFields, file: PackageFile) {
  return withPackage(client.put(`/api/v1/courses/id/${courseId}/package`), fields, file);
}

/** Waits until the temporary upload folders of finished requests are removed (removal runs when a response closes). */
export async function settledTmp(tmpDir: string): Promise<string[]> {
  for (let i = 0; i < 50; i++) {
    const left = await listTree(tmpDir);
    const dirs = await readdir(tmpDir).catch(() => [] as string[]);
    if (left.length === 0 && dirs.length === 0) return [];
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return [...(await readdir(tmpDir).catch(() => [] as string[])), ...(await listTree(tmpDir))];
}

/** A minimal valid SCORM 1.2 package (one SCO) as archive entries; `title` shows in the organisation. */
export function minimalScormEntries(title = 'Minimal course'): { name: string; data: string }[] {
  return [
    {
      name: 'imsmanifest.xml',
      data: `<?xml version="1.0"?>
<manifest identifier="minimal" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>${title}</title>
    <item identifier="item1" identifierref="res1"><title>Page</title></item>
  </organization></organizations>
  <resources><resource identifier="res1" type="webcontent" adlcp:scormtype="sco" href="index.html"><file href="index.html"/></resource></resources>
</manifest>`,
    },
    { name: 'index.html', data: `<!doctype html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1></body></html>` },
  ];
}
