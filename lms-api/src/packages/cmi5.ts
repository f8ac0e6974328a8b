import { PackageError } from './errors';
import { filePathOf, isLocalUrl, toLaunchPath } from './scorm';
import type { Cmi5Au, Cmi5Block, Cmi5Manifest, ParsedPackage } from './types';
import { parseXml, type XmlElement } from './xml';

const CMI5_NAMESPACE = 'https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd';
/** Launch parameters the LMS adds to the AU URL (cmi5 8.1): an AU URL must not already carry them (8.1.0.0-6). */
const RESERVED_QUERY_NAMES = ['endpoint', 'fetch', 'actor', 'registration', 'activityId'];
const MOVE_ON = ['Passed', 'Completed', 'CompletedAndPassed', 'CompletedOrPassed', 'NotApplicable'] as const;
const LAUNCH_METHODS = ['AnyWindow', 'OwnWindow'] as const;

/** One step of an XSD sequence: element names allowed there, and how many times. */
interface Step {
  names: string[];
  min: number;
  max: number;
}
const one = (name: string): Step => ({ names: [name], min: 1, max: 1 });
const optional = (name: string): Step => ({ names: [name], min: 0, max: 1 });

// cmi5 CourseStructure.xsd content models (extension elements of other namespaces are allowed anywhere).
const CONTENT: Record<string, Step[]> = {
  courseStructure: [one('course'), optional('objectives'), { names: ['au', 'block'], min: 1, max: Infinity }],
  course: [one('title'), one('description')],
  block: [one('title'), one('description'), optional('objectives'), { names: ['au', 'block'], min: 1, max: Infinity }],
  au: [one('title'), one('description'), optional('objectives'), one('url'), optional('launchParameters'), optional('entitlementKey')],
  objectives: [{ names: ['objective'], min: 1, max: Infinity }],
  title: [{ names: ['langstring'], min: 1, max: Infinity }],
  description: [{ names: ['langstring'], min: 1, max: Infinity }],
};

/** Keeps elements of the cmi5 namespace (unprefixed or bound prefix) and drops vendor extensions. */
function cmi5Children(element: XmlElement, prefixes: Set<string>): XmlElement[] {
  const out: XmlElement[] = [];
  for (const child of element.children) {
    const colon = child.name.indexOf(':');
    if (colon < 0) out.push({ ...child, children: cmi5Children(child, prefixes) });
    else if (prefixes.has(child.name.slice(0, colon))) {
      out.push({ ...child, name: child.name.slice(colon + 1), children: cmi5Children(child, prefixes) });
    }
  }
  return out;
}

function where(element: XmlElement): string {
  return element.attrs.id ? `<${element.name} id="${element.attrs.id}">` : `<${element.name}>`;
}

/** Checks the children of every element against the XSD sequences above (cmi5 13.2.0.0-1). */
function checkContentModel(element: XmlElement): void {
  const steps = CONTENT[element.name];
  if (steps) {
    let index = 0;
    for (const step of steps) {
      let count = 0;
      while (index < element.children.length && step.names.includes(element.children[index].name) && count < step.max) {
        index++;
        count++;
      }
      if (count < step.min) {
        const found = element.children[index] ? `<${element.children[index].name}>` : 'the end of the element';
        throw new PackageError(
          `cmi5.xml does not match the cmi5 course structure schema: in ${where(element)}, expected <${step.names.join('> or <')}> but found ${found}.`,
        );
      }
    }
    if (index < element.children.length) {
      throw new PackageError(
        `cmi5.xml does not match the cmi5 course structure schema: <${element.children[index].name}> is not allowed at this position in ${where(element)}.`,
      );
    }
  }
  for (const child of element.children) if (child.name !== 'langstring') checkContentModel(child);
}

/** First langstring (cmi5 13.1.x title/description), whitespace collapsed. */
function langText(element: XmlElement | undefined): string {
  if (!element) return '';
  const strings = element.children.filter((child) => child.name === 'langstring');
  const text = strings.length ? strings[0].text : element.text;
  return text.replace(/\s+/g, ' ').trim();
}

function child(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((c) => c.name === name);
}

/** An IRI needs a scheme (cmi5 3.0.0.0-1: ids are IRIs; RFC 3987 absolute IRI). */
function isIri(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\S+$/i.test(value);
}

interface Collected {
  course: XmlElement;
  blocks: XmlElement[];
  aus: XmlElement[];
  objectives: XmlElement[];
}

function collect(root: XmlElement): Collected {
  const blocks: XmlElement[] = [];
  const aus: XmlElement[] = [];
  const walk = (element: XmlElement) => {
    for (const c of element.children) {
      if (c.name === 'block') {
        blocks.push(c);
        walk(c);
      } else if (c.name === 'au') aus.push(c);
    }
  };
  walk(root);
  const course = child(root, 'course');
  if (!course) throw new PackageError('cmi5.xml has no <course> element.');
  return { course, blocks, aus, objectives: child(root, 'objectives')?.children ?? [] };
}

function checkIds({ course, blocks, aus, objectives }: Collected): void {
  const kinds: [string, XmlElement[]][] = [
    ['course', [course]],
    ['block', blocks],
    ['AU', aus],
    ['objective', objectives],
  ];
  for (const [kind, elements] of kinds) {
    for (const element of elements) {
      const id = (element.attrs.id ?? '').trim();
      if (!id) throw new PackageError(`cmi5.xml: a ${kind} has no id.`);
      if (!isIri(id)) throw new PackageError(`cmi5.xml: the ${kind} id "${id}" is not an IRI (an IRI needs a scheme such as https:).`);
    }
  }
  const seen = new Map<string, string>();
  for (const [kind, elements] of kinds) {
    for (const element of elements) {
      const id = element.attrs.id.trim();
      const before = seen.get(id);
      if (before) throw new PackageError(`cmi5.xml: the ${kind} id "${id}" is used more than once (already used by a ${before}); ids must be unique.`);
      seen.set(id, kind);
    }
  }
}

/** Checks an AU URL (cmi5 13.1.4 url, 8.1 launch parameters, 14.2 bare course structures). */
function checkAuUrl(au: XmlElement, url: string, bareXml: boolean, files: Set<string>): void {
  const id = au.attrs.id;
  if (!url) throw new PackageError(`cmi5.xml: the AU "${id}" has an empty url.`);
  if (/\s/.test(url)) throw new PackageError(`cmi5.xml: the url "${url}" of AU "${id}" is not a valid URL (it contains a space).`);
  const local = isLocalUrl(url);
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://package.invalid/');
  } catch {
    throw new PackageError(`cmi5.xml: the url "${url}" of AU "${id}" is not a valid URL.`);
  }
  if (!local && !/^https?:$/.test(parsed.protocol)) {
    throw new PackageError(`cmi5.xml: the url "${url}" of AU "${id}" must use http or https.`);
  }
  for (const name of RESERVED_QUERY_NAMES) {
    if (parsed.searchParams.has(name)) {
      throw new PackageError(
        `cmi5.xml: the url of AU "${id}" already has the query parameter "${name}", which the LMS adds at launch (cmi5 8.1).`,
      );
    }
  }
  if (local && bareXml) {
    throw new PackageError(
      `cmi5.xml: the AU "${id}" has the relative url "${url}", but a course structure uploaded without a ZIP package must use absolute URLs.`,
    );
  }
  if (local) {
    const file = filePathOf(url.replace(/^\.\//, ''));
    if (url.startsWith('/')) throw new PackageError(`cmi5.xml: the url "${url}" of AU "${id}" must be relative to the package, not start with "/".`);
    if (!files.has(file)) throw new PackageError(`cmi5.xml: the AU "${id}" launches "${url}", but ${file} is not in the package.`);
  }
}

function parseAu(au: XmlElement, index: number, bareXml: boolean, files: Set<string>): Cmi5Au {
  const url = (child(au, 'url')?.text ?? '').trim();
  checkAuUrl(au, url, bareXml, files);
  const moveOn = (au.attrs.moveOn ?? 'NotApplicable').trim();
  if (!(MOVE_ON as readonly string[]).includes(moveOn)) {
    throw new PackageError(`cmi5.xml: the AU "${au.attrs.id}" has moveOn "${moveOn}"; allowed: ${MOVE_ON.join(', ')}.`);
  }
  const launchMethod = (au.attrs.launchMethod ?? 'AnyWindow').trim();
  if (!(LAUNCH_METHODS as readonly string[]).includes(launchMethod)) {
    throw new PackageError(`cmi5.xml: the AU "${au.attrs.id}" has launchMethod "${launchMethod}"; allowed: AnyWindow, OwnWindow.`);
  }
  let masteryScore: number | null = null;
  if (au.attrs.masteryScore !== undefined) {
    masteryScore = Number(au.attrs.masteryScore.trim());
    if (!Number.isFinite(masteryScore) || masteryScore < 0 || masteryScore > 1) {
      throw new PackageError(`cmi5.xml: the AU "${au.attrs.id}" has masteryScore "${au.attrs.masteryScore}"; it must be a decimal from 0 to 1.`);
    }
  }
  const launchParameters = child(au, 'launchParameters')?.text.trim() || null;
  const entitlementKey = child(au, 'entitlementKey')?.text.trim() || null;
  return {
    id: au.attrs.id.trim(),
    index,
    title: langText(child(au, 'title')),
    description: langText(child(au, 'description')),
    url,
    launch_url: isLocalUrl(url) ? url.replace(/^\.\//, '') : url,
    launchMethod: launchMethod as Cmi5Au['launchMethod'],
    moveOn: moveOn as Cmi5Au['moveOn'],
    masteryScore,
    launchParameters,
    entitlementKey,
    activityType: au.attrs.activityType?.trim() || null,
    objectives: (child(au, 'objectives')?.children ?? []).map((o) => (o.attrs.idref ?? '').trim()),
  };
}

/**
 * Parses and validates cmi5.xml (cmi5 section 13 course structure, 14 packages). `bareXml` is true when the
 * course structure was uploaded alone (no ZIP), so every AU must be remote (14.2.0.0-1).
 */
export async function parseCmi5(xml: string, files: Set<string>, bareXml: boolean): Promise<ParsedPackage> {
  const parsed = await parseXml(xml, 'cmi5.xml', { keepPrefixes: true });
  const prefixes = new Set(
    Object.entries(parsed.attrs)
      .filter(([name, value]) => name.startsWith('xmlns:') && value === CMI5_NAMESPACE)
      .map(([name]) => name.slice('xmlns:'.length)),
  );
  const rootName = parsed.name.includes(':') && prefixes.has(parsed.name.split(':')[0]) ? parsed.name.split(':')[1] : parsed.name;
  if (rootName !== 'courseStructure') throw new PackageError(`cmi5.xml must have a <courseStructure> root element, found <${parsed.name}>.`);
  const root: XmlElement = { ...parsed, name: rootName, children: cmi5Children(parsed, prefixes) };
  checkContentModel(root);
  const collected = collect(root);
  checkIds(collected);

  const objectiveIds = new Set(collected.objectives.map((o) => o.attrs.id.trim()));
  const aus: Cmi5Au[] = [];
  const build = (element: XmlElement): (Cmi5Block | Cmi5Au)[] =>
    element.children.flatMap((c): (Cmi5Block | Cmi5Au)[] => {
      if (c.name === 'au') {
        const au = parseAu(c, aus.length, bareXml, files);
        aus.push(au);
        return [au];
      }
      if (c.name === 'block') {
        return [
          {
            id: c.attrs.id.trim(),
            title: langText(child(c, 'title')),
            description: langText(child(c, 'description')),
            objectives: (child(c, 'objectives')?.children ?? []).map((o) => (o.attrs.idref ?? '').trim()),
            children: build(c),
          },
        ];
      }
      return [];
    });
  const structure = build(root);
  for (const au of aus) {
    const unknown = au.objectives.find((idref) => !objectiveIds.has(idref));
    if (unknown !== undefined) throw new PackageError(`cmi5.xml: the AU "${au.id}" refers to objective "${unknown}", which is not declared.`);
  }
  const manifest: Cmi5Manifest = {
    standard: 'cmi5',
    version: '1.0',
    course: {
      id: collected.course.attrs.id.trim(),
      title: langText(child(collected.course, 'title')),
      description: langText(child(collected.course, 'description')),
    },
    objectives: collected.objectives.map((o) => ({
      id: o.attrs.id.trim(),
      title: langText(child(o, 'title')),
      description: langText(child(o, 'description')),
    })),
    structure,
    aus,
  };
  return {
    type: 'cmi5',
    version: '1.0',
    title: manifest.course.title || manifest.course.id,
    launch_path: toLaunchPath(aus[0].launch_url),
    unit_count: aus.length,
    manifest,
  };
}
