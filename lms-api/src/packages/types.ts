import type { Plain } from './xml';

export type ContentType = 'scorm' | 'h5p' | 'cmi5' | 'aicc';

/** SCORM versions as stored in `courses.version` (spec 3: 1.2, 2004 3rd/4th Edition, 2004 generic). */
export type ScormVersion = '1.2' | '2004 2nd Edition' | '2004 3rd Edition' | '2004 4th Edition' | '2004';

export interface ScormItem {
  identifier: string;
  title: string;
  /** Resource the item launches (absent for an aggregation). */
  identifierref: string | null;
  parameters: string | null;
  /** Resolved launch URL (resource base + href + parameters), relative to the package root or absolute. */
  launch_url: string | null;
  /** SCO (talks to the API) or asset; null for aggregations. */
  scorm_type: 'sco' | 'asset' | null;
  isvisible: boolean;
  // SCORM 1.2 CAM 2.3.x item extensions
  prerequisites: string | null;
  masteryscore: number | null;
  maxtimeallowed: string | null;
  timelimitaction: string | null;
  datafromlms: string | null;
  // SCORM 2004 CAM 3.4.1.x item extensions
  completion_threshold: { completed_by_measure: boolean; min_progress_measure: number; progress_weight: number } | null;
  /** imsss:sequencing of the item, structured (attributes as fields, children by name as arrays). */
  sequencing: Plain | null;
  /** adlnav:presentation (hideLMSUI...), structured. */
  presentation: Plain | null;
  children: ScormItem[];
}

export interface ScormResource {
  identifier: string;
  type: string;
  scorm_type: 'sco' | 'asset' | null;
  href: string | null;
  /** xml:base of manifest, resources and resource applied to href (CAM 2.3.6: base is a URL prefix). */
  launch_url: string | null;
  files: string[];
  dependencies: string[];
}

export interface ScormOrganization {
  identifier: string;
  title: string;
  /** adlseq:objectivesGlobalToSystem (SCORM 2004 SN 3.10.1), default true. */
  objectives_global_to_system: boolean;
  shared_data_global_to_system: boolean;
  sequencing: Plain | null;
  items: ScormItem[];
}

export interface ScormManifest {
  standard: 'scorm';
  version: ScormVersion;
  /** The schemaversion text as written in the manifest. */
  schemaversion: string | null;
  identifier: string;
  title: string;
  default_organization: string | null;
  organizations: ScormOrganization[];
  resources: ScormResource[];
  /** SCOs/assets of the default organisation in tree order, each with its launch URL. */
  scos: { identifier: string; title: string; resource: string; launch_url: string; scorm_type: 'sco' | 'asset' }[];
  /** Sequencing of the default organisation (root activity), structured. */
  sequencing: Plain | null;
  /** imsss:controlMode of the root activity (choice, flow, ...), structured. */
  controlMode: Plain | null;
  /** imsss:sequencingCollection, by ID, for items that refer to it with IDRef. */
  sequencing_collection: Record<string, Plain>;
}

export interface Cmi5Au {
  /** The publisher's id (an IRI), kept beside the platform's own index. */
  id: string;
  index: number;
  title: string;
  description: string;
  url: string;
  /** AU URL relative to the package root, or absolute for remote AUs. */
  launch_url: string;
  launchMethod: 'AnyWindow' | 'OwnWindow';
  moveOn: 'Passed' | 'Completed' | 'CompletedAndPassed' | 'CompletedOrPassed' | 'NotApplicable';
  masteryScore: number | null;
  launchParameters: string | null;
  entitlementKey: string | null;
  activityType: string | null;
  objectives: string[];
}

export interface Cmi5Block {
  id: string;
  title: string;
  description: string;
  objectives: string[];
  children: (Cmi5Block | Cmi5Au)[];
}

export interface Cmi5Manifest {
  standard: 'cmi5';
  version: '1.0';
  course: { id: string; title: string; description: string };
  objectives: { id: string; title: string; description: string }[];
  /** Blocks and AUs in document order; AUs also listed flat below. */
  structure: (Cmi5Block | Cmi5Au)[];
  aus: Cmi5Au[];
}

export interface AiccAu {
  system_id: string;
  title: string;
  description: string;
  type: string | null;
  file_name: string;
  /** File name + Web_Launch, relative to the package root. */
  launch_url: string;
  web_launch: string | null;
  mastery_score: number | null;
  max_score: number | null;
  max_time_allowed: string | null;
  time_limit_action: string | null;
  core_vendor: string | null;
  system_vendor: string | null;
  developer_id: string | null;
}

export interface AiccManifest {
  standard: 'aicc';
  version: string;
  course: { id: string; title: string; creator: string | null; level: string | null; description: string | null; total_aus: number; total_blocks: number };
  aus: AiccAu[];
  /** Course structure from the .cst file: block or AU id -> member ids. */
  structure: Record<string, string[]>;
}

export interface H5pManifest {
  standard: 'h5p';
  version: string;
  title: string;
  mainLibrary: string;
  language: string | null;
  libraries: string[];
  embedTypes: string[];
}

export type PackageManifest = ScormManifest | Cmi5Manifest | AiccManifest | H5pManifest;

/** What a parser makes of an extracted package. */
export interface ParsedPackage {
  type: ContentType;
  version: string;
  title: string;
  /** Entry point relative to the package folder (query string included), or an absolute URL. */
  launch_path: string;
  /** SCOs / AUs: the default chapter count. */
  unit_count: number;
  manifest: PackageManifest;
}
