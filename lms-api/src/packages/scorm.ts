import { PackageError } from './errors';
import type { ParsedPackage, ScormItem, ScormManifest, ScormOrganization, ScormResource, ScormVersion } from './types';
import { childNamed, childText, childrenNamed, parseXml, toPlain, type Plain, type XmlElement } from './xml';

/** Placeholder origin used to resolve package-relative URLs with the WHATWG URL parser. */
const PACKAGE_ORIGIN = 'http://package.invalid/';

/** Maps the manifest's schemaversion text to the stored version (SCORM 2004 CAM 3.3.2.1.1; 1.2 CAM 2.3.2). */
export function scormVersionOf(schemaversion: string | null, namespaces: string[]): ScormVersion {
  const text = (schemaversion ?? '').trim().toLowerCase();
  if (text === '1.2' || text === '1.1') return '1.2';
  if (text === 'cam 1.3') return '2004 2nd Edition';
  if (text.includes('2004') && text.includes('4th')) return '2004 4th Edition';
  if (text.includes('2004') && text.includes('3rd')) return '2004 3rd Edition';
  if (text.includes('2004')) return '2004';
  // No (or an unusual) schemaversion: the namespaces tell 1.2 (adlcp_rootv1p2) from 2004 (adlcp_v1p3).
  if (namespaces.some((ns) => /adlcp_rootv1p2|imscp_rootv1p1p2/i.test(ns))) return '1.2';
  if (namespaces.some((ns) => /adlcp_v1p3|imscp_v1p1|imsss/i.test(ns))) return '2004';
  throw new PackageError('imsmanifest.xml does not say which SCORM version it uses (no schemaversion and no SCORM namespace).');
}

/** Resolves a chain of xml:base values and an href (CAM 2.3.6 / 3.4.1.16: base is a URL prefix). */
function resolveUrl(parts: (string | undefined)[]): string {
  let url = new URL(PACKAGE_ORIGIN);
  for (const part of parts) if (part) url = new URL(part.trim(), url);
  if (url.origin + '/' === PACKAGE_ORIGIN) return url.pathname.slice(1) + url.search + url.hash;
  return url.href;
}

/**
 * Appends item parameters to a launch URL (SCORM 2004 CAM 3.4.1.13 / 1.2 CAM 2.3.5.2): leading `?`/`&` are
 * dropped, a `#fragment` only applies when the URL has none, the query joins with `?` or `&`.
 */
export function applyParameters(url: string, parameters: string | null): string {
  if (!parameters) return url;
  let params = parameters.trim();
  while (params.startsWith('?') || params.startsWith('&')) params = params.slice(1);
  if (!params) return url;
  const hashAt = url.indexOf('#');
  const base = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  if (params.startsWith('#')) return hash ? url : url + params;
  return `${base}${base.includes('?') ? '&' : '?'}${params}${hash}`;
}

export function isLocalUrl(url: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('//');
}

/** The file path a local launch URL points to (query and fragment removed, percent-decoding undone). */
export function filePathOf(url: string): string {
  const bare = url.split(/[?#]/)[0];
  try {
    return decodeURIComponent(bare);
  } catch {
    return bare;
  }
}

/**
 * The stored entry point (courses.launch_path): a decoded file path plus the query string as written, since the
 * course presenter percent-encodes path segments itself. Absolute URLs stay as they are.
 */
export function toLaunchPath(url: string): string {
  if (!isLocalUrl(url)) return url;
  const cut = url.search(/[?#]/);
  return cut < 0 ? filePathOf(url) : filePathOf(url) + url.slice(cut);
}

function numberOrNull(text: string | null | undefined): number | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

function scormTypeOf(element: XmlElement): 'sco' | 'asset' | null {
  const value = (element.attrs.scormtype ?? element.attrs.scormType ?? '').toLowerCase();
  return value === 'sco' || value === 'asset' ? value : null;
}

function parseResources(manifest: XmlElement): ScormResource[] {
  const resources = childNamed(manifest, 'resources');
  const manifestBase = manifest.attrs.base;
  return childrenNamed(resources, 'resource').map((resource) => {
    const bases = [manifestBase, resources?.attrs.base, resource.attrs.base];
    const href = resource.attrs.href?.trim() || null;
    return {
      // xs:ID values are whitespace-collapsed (the ADL suite has identifier="   SEQ01     ").
      identifier: (resource.attrs.identifier ?? '').trim(),
      type: resource.attrs.type ?? 'webcontent',
      scorm_type: scormTypeOf(resource),
      href,
      launch_url: href ? resolveUrl([...bases, href]) : null,
      files: childrenNamed(resource, 'file')
        .map((file) => file.attrs.href?.trim())
        .filter((file): file is string => !!file)
        .map((file) => resolveUrl([...bases, file])),
      dependencies: childrenNamed(resource, 'dependency').map((dependency) => (dependency.attrs.identifierref ?? '').trim()),
    };
  });
}

/** adlcp:completionThreshold: 4th Ed uses attributes, 3rd Ed the element's text (CAM 3.4.1.x). */
function completionThreshold(item: XmlElement): ScormItem['completion_threshold'] {
  const element = childNamed(item, 'completionThreshold');
  if (!element) return null;
  const fromText = numberOrNull(element.text);
  return {
    completed_by_measure: element.attrs.completedByMeasure === 'true' || (fromText !== null && !('completedByMeasure' in element.attrs)),
    min_progress_measure: numberOrNull(element.attrs.minProgressMeasure) ?? fromText ?? 1,
    progress_weight: numberOrNull(element.attrs.progressWeight) ?? 1,
  };
}

function parseItem(item: XmlElement, resources: Map<string, ScormResource>): ScormItem {
  const identifierref = item.attrs.identifierref?.trim() || null;
  const parameters = item.attrs.parameters ?? null;
  const resource = identifierref ? resources.get(identifierref) : undefined;
  if (identifierref && !resource) {
    throw new PackageError(`imsmanifest.xml: item "${item.attrs.identifier}" refers to resource "${identifierref}", which does not exist.`);
  }
  const sequencing = childNamed(item, 'sequencing');
  const presentation = childNamed(item, 'presentation');
  return {
    identifier: (item.attrs.identifier ?? '').trim(),
    title: childText(item, 'title') ?? (item.attrs.identifier ?? '').trim(),
    identifierref,
    parameters,
    launch_url: resource?.launch_url ? applyParameters(resource.launch_url, parameters) : null,
    scorm_type: resource ? (resource.scorm_type ?? 'asset') : null,
    isvisible: (item.attrs.isvisible ?? 'true').trim().toLowerCase() !== 'false',
    prerequisites: childText(item, 'prerequisites'),
    masteryscore: numberOrNull(childText(item, 'masteryscore')),
    maxtimeallowed: childText(item, 'maxtimeallowed'),
    timelimitaction: childText(item, 'timelimitaction') ?? childText(item, 'timeLimitAction'),
    datafromlms: childText(item, 'datafromlms') ?? childText(item, 'dataFromLMS'),
    completion_threshold: completionThreshold(item),
    sequencing: sequencing ? toPlain(sequencing) : null,
    presentation: presentation ? toPlain(presentation) : null,
    children: childrenNamed(item, 'item').map((child) => parseItem(child, resources)),
  };
}

function parseOrganization(organization: XmlElement, resources: Map<string, ScormResource>): ScormOrganization {
  const sequencing = childNamed(organization, 'sequencing');
  return {
    identifier: (organization.attrs.identifier ?? '').trim(),
    title: childText(organization, 'title') ?? organization.attrs.identifier ?? '',
    objectives_global_to_system: organization.attrs.objectivesGlobalToSystem !== 'false',
    shared_data_global_to_system: organization.attrs.sharedDataGlobalToSystem !== 'false',
    sequencing: sequencing ? toPlain(sequencing) : null,
    items: childrenNamed(organization, 'item').map((item) => parseItem(item, resources)),
  };
}

function flatten(items: ScormItem[]): ScormItem[] {
  return items.flatMap((item) => [item, ...flatten(item.children)]);
}

/** Parses imsmanifest.xml (SCORM 1.2 CAM 2 / 2004 CAM 3) into the stored manifest. */
export async function parseScormManifest(xml: string): Promise<ScormManifest> {
  const manifest = await parseXml(xml, 'imsmanifest.xml');
  if (manifest.name !== 'manifest') throw new PackageError(`imsmanifest.xml must have a <manifest> root element, found <${manifest.name}>.`);
  const schemaversion = childText(childNamed(manifest, 'metadata'), 'schemaversion');
  const version = scormVersionOf(schemaversion, Object.values(manifest.attrs));
  const resourceList = parseResources(manifest);
  const resources = new Map(resourceList.map((resource) => [resource.identifier, resource]));
  const organizationsElement = childNamed(manifest, 'organizations');
  const organizations = childrenNamed(organizationsElement, 'organization').map((organization) => parseOrganization(organization, resources));
  const declaredDefault = organizationsElement?.attrs.default?.trim() || null;
  const defaultOrganization = organizations.find((organization) => organization.identifier === declaredDefault) ?? organizations[0];
  const scos = flatten(defaultOrganization?.items ?? [])
    .filter((item) => item.launch_url && item.scorm_type)
    .map((item) => ({
      identifier: item.identifier,
      title: item.title,
      resource: item.identifierref ?? '',
      launch_url: item.launch_url ?? '',
      scorm_type: item.scorm_type ?? 'asset',
    }));
  const collection: Record<string, Plain> = {};
  for (const sequencing of childrenNamed(childNamed(manifest, 'sequencingCollection'), 'sequencing')) {
    if (sequencing.attrs.ID) collection[sequencing.attrs.ID] = toPlain(sequencing);
  }
  const rootSequencing = defaultOrganization?.sequencing ?? null;
  const controlMode = rootSequencing?.controlMode;
  return {
    standard: 'scorm',
    version,
    schemaversion,
    identifier: manifest.attrs.identifier ?? '',
    title: defaultOrganization?.title ?? manifest.attrs.identifier ?? '',
    default_organization: defaultOrganization?.identifier ?? null,
    organizations,
    resources: resourceList,
    scos,
    sequencing: rootSequencing,
    controlMode: Array.isArray(controlMode) ? (controlMode[0] ?? null) : null,
    sequencing_collection: collection,
  };
}

/** A parsed SCORM package: the manifest, its launch entry and the check that every referenced file exists. */
export async function parseScormPackage(xml: string, files: Set<string>): Promise<ParsedPackage> {
  const manifest = await parseScormManifest(xml);
  if (manifest.organizations.length === 0) throw new PackageError('imsmanifest.xml has no organization: nothing can be launched.');
  const launchables = manifest.scos;
  if (launchables.length === 0) throw new PackageError('imsmanifest.xml has no item that launches a resource with an href.');
  const referenced = new Set<string>();
  for (const resource of manifest.resources) {
    for (const url of [resource.launch_url, ...resource.files]) if (url && isLocalUrl(url)) referenced.add(filePathOf(url));
  }
  const missing = [...referenced].filter((file) => file !== '' && !files.has(file)).sort();
  if (missing.length > 0) {
    const shown = missing.slice(0, 10).join(', ');
    throw new PackageError(
      `imsmanifest.xml references ${missing.length} file(s) missing from the package: ${shown}${missing.length > 10 ? ', ...' : ''}.`,
    );
  }
  // A SCO is a resource (CAM 2.3.6): items that launch the same resource with other parameters count once.
  const scoCount = new Set(launchables.filter((sco) => sco.scorm_type === 'sco').map((sco) => sco.resource)).size;
  const launchableCount = new Set(launchables.map((sco) => sco.resource)).size;
  const first = launchables.find((sco) => sco.scorm_type === 'sco') ?? launchables[0];
  return {
    type: 'scorm',
    version: manifest.version,
    title: manifest.title,
    launch_path: toLaunchPath(first.launch_url),
    unit_count: scoCount || launchableCount,
    manifest,
  };
}
