import { PackageError } from './errors';
import type { H5pManifest, ParsedPackage } from './types';

interface H5pDependency {
  machineName?: unknown;
  majorVersion?: unknown;
  minorVersion?: unknown;
}

interface H5pJson {
  title?: unknown;
  mainLibrary?: unknown;
  language?: unknown;
  embedTypes?: unknown;
  preloadedDependencies?: unknown;
}

function parseJson(text: string, fileName: string): H5pJson {
  try {
    const value: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as H5pJson;
  } catch {
    // reported below
  }
  throw new PackageError(`${fileName} is not a valid JSON object.`);
}

/** `<machineName>-<major>.<minor>`: the folder a library lives in inside an .h5p file (H5P file specification). */
function libraryFolders(dependencies: unknown, fileName: string): string[] {
  if (dependencies === undefined) return [];
  if (!Array.isArray(dependencies)) throw new PackageError(`${fileName}: preloadedDependencies must be a list.`);
  return (dependencies as H5pDependency[]).map((dependency) => {
    const { machineName, majorVersion, minorVersion } = dependency ?? {};
    if (typeof machineName !== 'string' || machineName === '' || majorVersion === undefined || minorVersion === undefined) {
      throw new PackageError(`${fileName}: a preloaded dependency lacks machineName, majorVersion or minorVersion.`);
    }
    return `${machineName}-${String(majorVersion)}.${String(minorVersion)}`;
  });
}

/**
 * Reads h5p.json and checks that every library it (and every bundled library.json) preloads is in the package,
 * so h5p-standalone can play it without a library store.
 */
export async function parseH5p(readText: (file: string) => Promise<string>, files: Set<string>): Promise<ParsedPackage> {
  const h5p = parseJson(await readText('h5p.json'), 'h5p.json');
  if (typeof h5p.mainLibrary !== 'string' || h5p.mainLibrary === '') throw new PackageError('h5p.json has no mainLibrary.');
  if (!files.has('content/content.json')) throw new PackageError('The H5P package has no content/content.json.');
  const folders = new Set([...files].filter((file) => file.includes('/')).map((file) => file.split('/')[0]));
  const required = new Set(libraryFolders(h5p.preloadedDependencies, 'h5p.json'));
  for (const folder of folders) {
    if (!files.has(`${folder}/library.json`)) continue;
    const library = parseJson(await readText(`${folder}/library.json`), `${folder}/library.json`);
    for (const dependency of libraryFolders(library.preloadedDependencies, `${folder}/library.json`)) required.add(dependency);
  }
  const missing = [...required].filter((folder) => !folders.has(folder)).sort();
  if (missing.length > 0) {
    throw new PackageError(`The H5P package lacks ${missing.length} required librar${missing.length === 1 ? 'y' : 'ies'}: ${missing.join(', ')}.`);
  }
  const manifest: H5pManifest = {
    standard: 'h5p',
    version: '1.0',
    title: typeof h5p.title === 'string' && h5p.title.trim() ? h5p.title.trim() : h5p.mainLibrary,
    mainLibrary: h5p.mainLibrary,
    language: typeof h5p.language === 'string' ? h5p.language : null,
    libraries: [...required].sort(),
    embedTypes: Array.isArray(h5p.embedTypes) ? h5p.embedTypes.filter((t): t is string => typeof t === 'string') : [],
  };
  // h5p-standalone plays from the package root (h5p.json, content/ and the library folders).
  return { type: 'h5p', version: manifest.version, title: manifest.title, launch_path: '', unit_count: 1, manifest };
}
