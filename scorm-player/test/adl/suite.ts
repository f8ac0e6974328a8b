// Reads the ADL SCORM 2004 4th Edition LMS RTE test suite from its zip (fixtures/scorm/adl-cts):
// the .properties test scripts, the Commands.properties token dictionary and the test packages'
// manifests, and decodes each scripted call exactly as the suite's LMSParser.java does.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yauzl from 'yauzl';

export const ADL_ZIP = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../shared/fixtures/scorm/adl-cts/adl-cts-2004-4th-lmsrte-testcases-and-manifests.zip',
);

const ROOT = 'software_development/';
const COURSES = `${ROOT}TestSuite/LMSRTE/Courses/`;

/** Reads the named zip entries (by path suffix match on the full name) into memory. */
export function readZipEntries(zipPath: string, wanted: (name: string) => boolean): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const out = new Map<string, Buffer>();
    yauzl.open(zipPath, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('cannot open zip'));
      zip.on('error', reject);
      zip.on('end', () => resolve(out));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/') || !wanted(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return reject(streamErr ?? new Error('cannot read entry'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** java.util.Properties.load: ISO-8859-1, "\" line continuations, \\uXXXX and character escapes; order kept. */
export function parseProperties(buffer: Buffer): Array<[string, string]> {
  const lines = buffer.toString('latin1').split(/\r\n|\r|\n/);
  const out: Array<[string, string]> = [];
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i].replace(/^[ \t\f]+/, '');
    if (line === '' || line.startsWith('#') || line.startsWith('!')) continue;
    while (endsWithOddBackslashes(line) && i + 1 < lines.length) {
      line = line.slice(0, -1) + lines[++i].replace(/^[ \t\f]+/, '');
    }
    if (endsWithOddBackslashes(line)) line = line.slice(0, -1);
    let k = 0;
    while (k < line.length && !'=: \t\f'.includes(line[k])) k += line[k] === '\\' ? 2 : 1;
    const key = unescape(line.slice(0, k));
    let rest = line.slice(k).replace(/^[ \t\f]*/, '');
    if (rest.startsWith('=') || rest.startsWith(':')) rest = rest.slice(1).replace(/^[ \t\f]*/, '');
    out.push([key, unescape(rest)]);
  }
  return out;
}

function endsWithOddBackslashes(line: string): boolean {
  let n = 0;
  for (let i = line.length - 1; i >= 0 && line[i] === '\\'; i--) n++;
  return n % 2 === 1;
}

function unescape(text: string): string {
  return text.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, esc: string) => {
    if (esc.length === 5) return String.fromCharCode(parseInt(esc.slice(1), 16));
    return { t: '\t', n: '\n', r: '\r', f: '\f' }[esc] ?? esc;
  });
}

/** LMSMessages.Commands.getString: the dictionary value, "%s" filled in; an unknown key is returned as is. */
export class CommandDictionary {
  constructor(private readonly entries: ReadonlyMap<string, string>) {}

  get(key: string, param?: string): string {
    const value = this.entries.get(key);
    if (value === undefined) return key;
    return param === undefined ? value : value.replace('%s', param);
  }

  /** parseGetCommands: a token whose dictionary value is "" (or that is unknown) stands for itself. */
  expected(token: string): string {
    const value = this.entries.get(token);
    return value === undefined || (value === '' && token !== '') ? token : value;
  }
}

export type ApiCall = 'Initialize' | 'Terminate' | 'Commit' | 'GetValue' | 'SetValue' | 'GetErrorString' | 'GetLastError' | 'GetDiagnostic';

export interface ScriptedCall {
  readonly key: string;
  readonly call: ApiCall;
  /** Element for GetValue/SetValue, argument for the others. */
  readonly arg: string;
  readonly value?: string;
  /** Expected return value, or the checks "less255" / "emptyCS" for error strings. */
  readonly expected: string;
  readonly expectedCode: string;
  /** The interaction type the suite compares a value as (e.g. "numeric"). */
  readonly expectedType?: string;
}

const CALLS: Record<string, ApiCall> = {
  I: 'Initialize',
  T: 'Terminate',
  C: 'Commit',
  GET: 'GetValue',
  SET: 'SetValue',
  GES: 'GetErrorString',
  GLE: 'GetLastError',
  GeDi: 'GetDiagnostic',
};

/** Java's String.split drops trailing empty strings. */
function javaSplit(text: string, separator: string): string[] {
  const parts = text.split(separator);
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

function finalSplit(part: string): [string, string] {
  const bang = part.indexOf('!');
  if (bang === part.length - 1) return [part.slice(0, -1), ''];
  return [part.slice(0, bang), part.slice(bang + 1)];
}

/** LMSParser.parseSetCommandsDMParams. */
function setParams(key: string, d: CommandDictionary): string {
  const k = javaSplit(key, '~');
  switch (k.length) {
    case 2: {
      const [name, value] = finalSplit(k[1]);
      return `${d.get(k[0])}.${d.get(name)}!${d.get(value)}`;
    }
    case 3: {
      const [name, value] = finalSplit(k[2]);
      return `${d.get(k[0])}.${d.get(k[1])}.${d.get(name)}!${d.get(value)}`;
    }
    case 4: {
      const [name, value] = finalSplit(k[3]);
      return `${d.get(k[0])}.${d.get(k[1])}.${k[2]}.${d.get(name)}!${d.get(value)}`;
    }
    case 5: {
      if (key.includes('a~n~r')) {
        const t = javaSplit(k[2], '!');
        return `${d.get(k[0])}.${d.get(k[1])}.${d.get(t[0])}!${d.get(t[1], k[3])}${d.get(k[4])}`;
      }
      const t = javaSplit(k[4], '!');
      return `${d.get(k[0])}.${d.get(k[1])}.${d.get(k[2])}.${d.get(k[3])}.${d.get(t[0])}!${d.get(t[1] ?? '')}`;
    }
    case 6: {
      const [name, value] = finalSplit(k[5]);
      return `${d.get(k[0])}.${d.get(k[1])}.${d.get(k[2])}.${d.get(k[3])}.${d.get(k[4])}.${d.get(name)}!${d.get(value)}`;
    }
    default:
      return d.get(k[0]);
  }
}

/** LMSParser.parseGetCommandsDMParams: the element, and the expected type for interaction values. */
function getParams(key: string, d: CommandDictionary): { element: string; expectedType?: string } {
  if (!key.includes('~')) return { element: key };
  const parts = javaSplit(key, '~');
  let expectedType: string | undefined;
  if (parts[1] === 'INTR' && key.includes('!')) {
    for (let j = 0; j < parts.length; j++) {
      if (parts[j].includes('!')) {
        const [name, type] = parts[j].split('!');
        expectedType = d.get(type);
        parts[j] = name;
      }
    }
  }
  if (parts.length === 6 && key.includes('a~n~r')) {
    return { element: `${d.get(parts[0])}.${d.get(parts[1])}.${d.get(parts[2])}.${d.get(parts[3])}.${d.get(parts[4], parts[5])}`, expectedType };
  }
  return { element: parts.map((p) => d.get(p)).join('.'), expectedType };
}

/** Decodes one "commands.n" value; null for lines LMSParser ignores (an unknown call token). */
export function decodeCommand(key: string, text: string, d: CommandDictionary): ScriptedCall | null {
  const parts = javaSplit(text, '->');
  const call = CALLS[parts[0]];
  if (!call) return null;
  const last = parts[parts.length - 1];
  switch (parts[0]) {
    case 'GET':
    case 'I':
    case 'C': {
      const { element, expectedType } = getParams(parts[1] ?? '', d);
      let expected = parts.length > 3 ? d.expected(parts[parts.length - 2]) : '';
      if (parts[1]?.includes('LN')) expected = '@learner_name';
      else if (parts[1]?.includes('LI')) expected = '@learner_id';
      return { key, call, arg: element, expected, expectedCode: last, expectedType };
    }
    case 'SET': {
      const params = setParams(parts[1], d);
      const bang = params.indexOf('!');
      const element = bang < 0 ? params : params.slice(0, bang);
      const value = bang < 0 ? '' : params.slice(bang + 1);
      return { key, call, arg: element, value, expected: d.get(parts[parts.length - 2]), expectedCode: last };
    }
    case 'GES':
    case 'GeDi':
      return { key, call, arg: parts[1] ?? '', expected: parts[2] ?? '', expectedCode: parts[3] };
    case 'GLE':
      return { key, call, arg: '', expected: parts[2], expectedCode: parts[3] };
    default:
      return { key, call, arg: '', expected: '', expectedCode: '' };
  }
}

export interface Visit {
  /** e.g. "1", "2a" */
  readonly activity: string;
  readonly visit: number;
  readonly calls: ScriptedCall[];
}

export interface TestScript {
  readonly name: string;
  readonly visits: Visit[];
  /** Lines the suite's own parser ignores (no known call token). */
  readonly ignored: string[];
}

/** Groups "Act<activity>V<visit>.commands.<n>" lines into visits, in the order the file lists them. */
export function readScript(name: string, props: Array<[string, string]>, d: CommandDictionary): TestScript {
  const visits = new Map<string, { activity: string; visit: number; lines: Array<[number, string, string]> }>();
  const ignored: string[] = [];
  for (const [key, value] of props) {
    const m = /^Act(\d+[a-z]?)V(\d+)\.commands\.(\d+)$/.exec(key);
    if (!m) continue;
    const id = `${m[1]}V${m[2]}`;
    let v = visits.get(id);
    if (!v) visits.set(id, (v = { activity: m[1], visit: Number(m[2]), lines: [] }));
    v.lines.push([Number(m[3]), key, value]);
  }
  const out: Visit[] = [];
  for (const v of visits.values()) {
    v.lines.sort((a, b) => a[0] - b[0]);
    const calls: ScriptedCall[] = [];
    for (const [, key, value] of v.lines) {
      const call = decodeCommand(key, value, d);
      if (call) calls.push(call);
      else ignored.push(`${name} ${key}=${value.slice(0, 60)}`);
    }
    out.push({ activity: v.activity, visit: v.visit, calls });
  }
  return { name, visits: out, ignored };
}

export interface ManifestItem {
  readonly identifier: string;
  readonly launchData?: string;
  readonly timeLimitAction?: string;
  readonly maxTimeAllowed?: string;
  readonly completionThreshold?: string;
  readonly scaledPassingScore?: string;
  readonly sharedMaps: Array<{ targetId: string; readSharedData: boolean; writeSharedData: boolean }>;
}

export interface Manifest {
  readonly items: ManifestItem[];
  readonly flow: boolean;
  readonly choice: boolean;
  readonly sharedDataGlobalToSystem: boolean;
}

function attr(tag: string, name: string): string | undefined {
  return new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`).exec(tag)?.[1];
}

function decodeXml(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}

/**
 * Reads what the run-time needs from a test package manifest (CAM 3.4 / SN 5): per item the
 * launch data, time limit, completion threshold (completedByMeasure), scaled passing score
 * (primary objective satisfiedByMeasure + minNormalizedMeasure) and adl.data maps.
 */
export function readManifest(xml: string): Manifest {
  const items: ManifestItem[] = [];
  for (const m of xml.matchAll(/<item\s[^>]*>[\s\S]*?<\/item>/g)) {
    const block = m[0];
    const open = /<item\s[^>]*>/.exec(block)?.[0] ?? '';
    const text = (tag: string): string | undefined => {
      const r = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(block);
      return r ? decodeXml(r[1].trim()) : undefined;
    };
    const thresholdTag = /<adlcp:completionThreshold\b[^>]*>/.exec(block)?.[0];
    let completionThreshold: string | undefined;
    if (thresholdTag && attr(thresholdTag, 'completedByMeasure') === 'true') completionThreshold = attr(thresholdTag, 'minProgressMeasure') ?? '1.0';
    const primary = /<imsss:primaryObjective\b[^>]*?(\/>|>([\s\S]*?)<\/imsss:primaryObjective>)/.exec(block);
    let scaledPassingScore: string | undefined;
    if (primary && attr(primary[0], 'satisfiedByMeasure') === 'true') {
      scaledPassingScore = /<imsss:minNormalizedMeasure>([^<]*)</.exec(primary[0])?.[1].trim() ?? '1.0';
    }
    const duration = /<imsss:limitConditions\b[^>]*>/.exec(block)?.[0];
    items.push({
      identifier: attr(open, 'identifier') ?? '',
      launchData: text('adlcp:dataFromLMS'),
      timeLimitAction: text('adlcp:timeLimitAction'),
      maxTimeAllowed: duration ? attr(duration, 'attemptAbsoluteDurationLimit') : undefined,
      completionThreshold,
      scaledPassingScore,
      sharedMaps: [...block.matchAll(/<adlcp:map\b[^>]*>/g)].map((t) => ({
        targetId: attr(t[0], 'targetID') ?? '',
        readSharedData: attr(t[0], 'readSharedData') !== 'false',
        writeSharedData: attr(t[0], 'writeSharedData') !== 'false',
      })),
    });
  }
  const control = /<imsss:controlMode\b[^>]*>/.exec(xml)?.[0] ?? '';
  const org = /<organization\b[^>]*>/.exec(xml)?.[0] ?? '';
  return {
    items,
    flow: attr(control, 'flow') === 'true',
    choice: attr(control, 'choice') !== 'false',
    sharedDataGlobalToSystem: attr(org, 'adlcp:sharedDataGlobalToSystem') !== 'false',
  };
}

export interface AdlSuite {
  readonly dictionary: CommandDictionary;
  readonly scripts: Map<string, TestScript>;
  readonly manifests: Map<string, Manifest>;
}

/** Loads the API, DMB, DMI and DDM test cases and the manifests of their test packages. */
export async function loadAdlSuite(cases: readonly string[]): Promise<AdlSuite> {
  const entries = await readZipEntries(ADL_ZIP, (name) =>
    name.endsWith('/Commands.properties') ||
    cases.some((c) => name === `${COURSES}TestCases/${c}.properties`) ||
    /LMSTestPackage_(API|DMB|DMI|DDMa|DDMb)\/imsmanifest\.xml$/.test(name),
  );
  const dictionaryEntry = [...entries].find(([name]) => name.endsWith('/Commands.properties'));
  if (!dictionaryEntry) throw new Error('Commands.properties missing from the ADL zip');
  const dictionary = new CommandDictionary(new Map(parseProperties(dictionaryEntry[1])));
  const scripts = new Map<string, TestScript>();
  const manifests = new Map<string, Manifest>();
  for (const [name, data] of entries) {
    const script = /TestCases\/([^/]+)\.properties$/.exec(name);
    if (script) scripts.set(script[1], readScript(script[1], parseProperties(data), dictionary));
    const manifest = /LMSTestPackage_([^/]+)\/imsmanifest\.xml$/.exec(name);
    if (manifest) manifests.set(manifest[1], readManifest(data.toString('utf8')));
  }
  return { dictionary, scripts, manifests };
}
