import type { LaunchInfo } from '../api/types';

/** What the player needs of a SCORM manifest (lms-api packages/types.ts ScormManifest). */
export interface ScoEntry {
  identifier: string;
  title: string;
  launch_url: string;
  scorm_type: 'sco' | 'asset';
}

export interface ScormItemSettings {
  identifier: string;
  masteryscore?: number | null;
  maxtimeallowed?: string | null;
  timelimitaction?: string | null;
  datafromlms?: string | null;
  completion_threshold?: { min_progress_measure: number } | null;
  children?: ScormItemSettings[];
}

export interface ScormManifestSettings {
  version?: string;
  scos?: ScoEntry[];
  organizations?: { identifier: string; items?: ScormItemSettings[] }[];
  default_organization?: string | null;
}

/** Spec 5 Player: the course id in the URL must be a positive whole number. */
export function parseCourseId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The player's API flavour: SCORM 1.2, or 2004 for every 2004 edition. */
export function scormFlavour(version: string | null | undefined): '1.2' | '2004' {
  return version?.trim().startsWith('1.2') ? '1.2' : '2004';
}

export function manifestOf(launch: LaunchInfo): ScormManifestSettings {
  const manifest = launch.settings?.manifest;
  return manifest && typeof manifest === 'object' ? (manifest as ScormManifestSettings) : {};
}

/**
 * The folder the package's files are served from: launch_url is `<content base>/<launch path>`, and the manifest's
 * SCO URLs are relative to the package root, `/api/v1/content/courses/<id>/v<n>/`.
 */
export function packageBase(launchUrl: string): string {
  const match = /^(.*\/courses\/\d+\/v\d+\/)/.exec(launchUrl);
  if (match) return match[1];
  const path = launchUrl.split(/[?#]/)[0];
  return path.slice(0, path.lastIndexOf('/') + 1);
}

/** Absolute-path URL of a SCO (its manifest URL may already be absolute). */
export function scoUrl(base: string, launchUrl: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(launchUrl) || launchUrl.startsWith('/')) return launchUrl;
  return base + launchUrl.split('/').map((part) => (/%[0-9a-f]{2}/i.test(part) ? part : encodeURI(part))).join('/');
}

/** The SCOs to play in order; a package whose manifest lists none plays its launch URL as one SCO. */
export function playableScos(launch: LaunchInfo, fallbackTitle: string): ScoEntry[] {
  const scos = manifestOf(launch).scos?.filter((sco) => !!sco.launch_url) ?? [];
  if (scos.length > 0) return scos;
  return [{ identifier: '', title: fallbackTitle, launch_url: launch.launch_url, scorm_type: 'sco' }];
}

/** The manifest item of a SCO, for its mastery score, time limits and launch data. */
export function findItem(manifest: ScormManifestSettings, identifier: string): ScormItemSettings | null {
  const stack = [...(manifest.organizations ?? []).flatMap((organization) => organization.items ?? [])];
  while (stack.length) {
    const item = stack.shift() as ScormItemSettings;
    if (item.identifier === identifier) return item;
    stack.push(...(item.children ?? []));
  }
  return null;
}

const DONE_STATUSES = new Set(['completed', 'passed']);

/** Where to resume a multi-SCO course: the first SCO not yet completed or passed (else the first). */
export function resumeIndex(scos: ScoEntry[], statusOf: (identifier: string) => string | undefined): number {
  const index = scos.findIndex((sco) => !DONE_STATUSES.has(statusOf(sco.identifier) ?? ''));
  return index < 0 ? 0 : index;
}
