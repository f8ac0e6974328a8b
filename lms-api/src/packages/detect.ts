import { PackageError } from './errors';
import type { ContentType } from './types';

/** Where a package's descriptor is: its type, the folder holding it ('' or 'dir/'), and the descriptor files. */
export interface Detected {
  type: ContentType;
  root: string;
  /** Descriptor path(s) relative to `root`: imsmanifest.xml, cmi5.xml, h5p.json, or the AICC .crs/.au/.des/.cst. */
  descriptor: { main: string; aicc?: { crs: string; au: string; des: string | null; cst: string | null; dir: string } };
}

const LABELS: Record<ContentType, string> = {
  scorm: 'a SCORM package (imsmanifest.xml)',
  cmi5: 'a cmi5 package (cmi5.xml)',
  h5p: 'an H5P package (h5p.json)',
  aicc: 'an AICC course (.crs and .au files)',
};

const MISSING: Record<ContentType, string> = {
  scorm: 'The package has no imsmanifest.xml at its root, so it is not a SCORM package.',
  cmi5: 'The package has no cmi5.xml at its root, so it is not a cmi5 package.',
  h5p: 'The package has no h5p.json at its root, so it is not an H5P package.',
  aicc: 'The package has no AICC course files (.crs and .au) at its root, so it is not an AICC course.',
};

/** Operating-system litter that does not count as package content when looking for a wrapping folder. */
function isLitter(file: string): boolean {
  return file.startsWith('__MACOSX/') || /(^|\/)(\.DS_Store|Thumbs\.db|desktop\.ini)$/i.test(file);
}

function findAt(files: string[], root: string): Map<ContentType, Detected['descriptor']> {
  const here = files.filter((file) => file.startsWith(root) && !file.slice(root.length).includes('/')).map((file) => file.slice(root.length));
  const byLower = new Map(here.map((file) => [file.toLowerCase(), file]));
  const found = new Map<ContentType, Detected['descriptor']>();
  const cmi5 = byLower.get('cmi5.xml');
  if (cmi5) found.set('cmi5', { main: cmi5 });
  const manifest = byLower.get('imsmanifest.xml');
  if (manifest) found.set('scorm', { main: manifest });
  const h5p = byLower.get('h5p.json');
  if (h5p) found.set('h5p', { main: h5p });
  // AICC CMI001 5.1: the course files share a base name; .crs and .au are indispensable, .des and .cst expected.
  const withExt = (ext: string) => here.find((file) => file.toLowerCase().endsWith(ext));
  const crs = withExt('.crs');
  const au = withExt('.au');
  if (crs && au) found.set('aicc', { main: crs, aicc: { crs, au, des: withExt('.des') ?? null, cst: withExt('.cst') ?? null, dir: '' } });
  return found;
}

/**
 * Detects the package type from its descriptor (DESIGN.md 7): at the root, or inside the single folder that
 * wraps everything (archives made by zipping a folder). A declared type must match what is found.
 */
export function detectPackage(files: string[], declared: ContentType | null): Detected {
  let root = '';
  let found = findAt(files, root);
  while (found.size === 0) {
    const content = files.filter((file) => file.startsWith(root) && !isLitter(file));
    const tops = new Set(content.map((file) => file.slice(root.length).split('/')[0]));
    const [only] = tops;
    if (tops.size !== 1 || !content.every((file) => file.slice(root.length).includes('/'))) break;
    root = `${root}${only}/`;
    found = findAt(files, root);
  }
  if (found.size === 0) {
    if (declared) throw new PackageError(MISSING[declared]);
    throw new PackageError('Unknown package type: no imsmanifest.xml (SCORM), cmi5.xml (cmi5), h5p.json (H5P) or .crs/.au files (AICC) found.');
  }
  if (declared) {
    const descriptor = found.get(declared);
    if (!descriptor) {
      const [actual] = found.keys();
      throw new PackageError(`The content type is ${declared}, but the file is ${LABELS[actual]}. Choose the matching content type.`);
    }
    return { type: declared, root, descriptor };
  }
  // Order matters when several descriptors are present: cmi5 packages may carry a SCORM manifest for other LMSs.
  for (const type of ['cmi5', 'scorm', 'h5p', 'aicc'] as const) {
    const descriptor = found.get(type);
    if (descriptor) return { type, root, descriptor };
  }
  throw new PackageError('Unknown package type.');
}
