import { PackageError } from './errors';
import { applyParameters, filePathOf, isLocalUrl, toLaunchPath } from './scorm';
import type { AiccAu, AiccManifest, ParsedPackage } from './types';

/** The course files of one AICC course (CMI001 v4 section 5: .crs, .au, .des, .cst), as text. */
export interface AiccFiles {
  crs: string;
  au: string;
  des: string | null;
  cst: string | null;
  /** Folder of the course files inside the package ('' or ending with '/'). */
  dir: string;
}

/** Parses comma-separated AICC course files: quoted fields, doubled quotes, CRLF or LF lines (CMI001 5.1.2). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let fieldStarted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
    } else if (c === ',') {
      row.push(field.trim());
      field = '';
      fieldStarted = false;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      row.push(field.trim());
      if (row.some((value) => value !== '')) rows.push(row);
      row = [];
      field = '';
      fieldStarted = false;
    } else {
      field += c;
      if (c.trim() !== '') fieldStarted = true;
    }
  }
  row.push(field.trim());
  if (row.some((value) => value !== '')) rows.push(row);
  return rows;
}

/** CSV rows as records keyed by lower-cased header (authoring tools differ in column order and case). */
function records(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  const keys = header.map((name) => name.trim().toLowerCase());
  return rows.map((row) => Object.fromEntries(keys.map((key, i) => [key, row[i] ?? ''])));
}

/** The .crs file: INI-style `[Section]` and `key=value` lines, keys case-insensitive; free text kept per section. */
type CrsSection = Record<string, string> & { _text?: string };

export function parseCrs(text: string): Record<string, CrsSection> {
  const sections: Record<string, CrsSection> = {};
  let current: CrsSection = {};
  sections[''] = current;
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r?\n|\r/)) {
    const line = raw.trim();
    if (!line || line.startsWith(';')) continue;
    const section = /^\[(.+)\]$/.exec(line);
    if (section) {
      current = sections[section[1].trim().toLowerCase()] ??= {};
      continue;
    }
    const eq = line.indexOf('=');
    if (eq > 0 && /^[A-Za-z_][\w.]*\s*$/.test(line.slice(0, eq))) current[line.slice(0, eq).trim().toLowerCase()] = line.slice(eq + 1).trim();
    else current._text = current._text ? `${current._text}\n${line}` : line;
  }
  return sections;
}

function numberOrNull(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

const orNull = (text: string | undefined) => (text && text.trim() !== '' ? text.trim() : null);

/** Parses an AICC course (CMI001 v4) into the stored manifest; every local AU file must be in the package. */
export function parseAicc(files: AiccFiles, packageFiles: Set<string>): ParsedPackage {
  const crs = parseCrs(files.crs);
  const course = crs.course ?? {};
  const descriptions = new Map(records(files.des ?? '').map((row) => [row.system_id?.toLowerCase(), row]));
  const aus: AiccAu[] = records(files.au).map((row) => {
    const systemId = row.system_id ?? '';
    if (!systemId) throw new PackageError('The AICC .au file has a row without System_ID.');
    const fileName = (row.file_name ?? '').trim();
    if (!fileName) throw new PackageError(`The AICC AU "${systemId}" has no File_Name to launch.`);
    const local = isLocalUrl(fileName);
    const relative = local ? files.dir + fileName.replace(/\\/g, '/').replace(/^\.\//, '') : fileName;
    if (local && !packageFiles.has(filePathOf(relative))) {
      throw new PackageError(`The AICC AU "${systemId}" launches "${fileName}", which is not in the package.`);
    }
    const description = descriptions.get(systemId.toLowerCase());
    const webLaunch = orNull(row.web_launch);
    return {
      system_id: systemId,
      title: orNull(description?.title) ?? systemId,
      description: description?.description ?? '',
      type: orNull(row.type),
      file_name: fileName,
      // The LMS appends aicc_sid and aicc_url at launch (CMI001 6.4.1); Web_Launch comes first.
      launch_url: applyParameters(relative, webLaunch),
      web_launch: webLaunch,
      mastery_score: numberOrNull(row.mastery_score),
      max_score: numberOrNull(row.max_score),
      max_time_allowed: orNull(row.max_time_allowed),
      time_limit_action: orNull(row.time_limit_action),
      core_vendor: orNull(row.core_vendor),
      system_vendor: orNull(row.system_vendor),
      developer_id: orNull(description?.developer_id),
    };
  });
  if (aus.length === 0) throw new PackageError('The AICC .au file lists no assignable unit.');
  const structure: Record<string, string[]> = {};
  for (const row of parseCsv(files.cst ?? '').slice(1)) {
    const [block, ...members] = row;
    if (block) structure[block] = members.filter((member) => member !== '');
  }
  const manifest: AiccManifest = {
    standard: 'aicc',
    version: orNull(course.version) ?? '4.0',
    course: {
      id: orNull(course.course_id) ?? '',
      title: orNull(course.course_title) ?? orNull(course.course_id) ?? 'AICC course',
      creator: orNull(course.course_creator),
      level: orNull(course.level),
      description: orNull(crs.course_description?._text),
      total_aus: numberOrNull(course.total_aus) ?? aus.length,
      total_blocks: numberOrNull(course.total_blocks) ?? 0,
    },
    aus,
    structure,
  };
  return { type: 'aicc', version: manifest.version, title: manifest.course.title, launch_path: toLaunchPath(aus[0].launch_url), unit_count: aus.length, manifest };
}
