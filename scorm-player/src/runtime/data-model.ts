// A data-model engine driven by tables: each version describes its elements as data
// (access, type check, default) and this engine applies the common rules: element names,
// _children/_count keywords, array index order, read-only/write-only, "id first" dependencies.
import type { ErrorCodeMap } from './errors.js';

/** The outcome of a type check, mapped to a code per version by ErrorCodeMap. */
export type Verdict = 0 | 'type' | 'range' | 'set' | 'dependency';

export interface CheckContext {
  readonly store: DataModelStore;
  /** Concrete element name, e.g. "cmi.interactions.3.type". */
  readonly path: string;
  /** Concrete path of each enclosing array item, outermost first, e.g. ["cmi.interactions.3"]. */
  readonly items: readonly string[];
  /** The index inside each enclosing array, outermost first. */
  readonly indices: readonly number[];
}

export interface ElementSpec {
  readonly access: 'ro' | 'wo' | 'rw';
  readonly check?: (value: string, ctx: CheckContext) => Verdict;
  /** Value computed on read (e.g. completion status evaluated against a threshold). */
  readonly read?: (ctx: CheckContext) => string | undefined;
  /** Stores the value elsewhere than the attempt's own map (e.g. shared adl.data buckets). */
  readonly write?: (value: string, ctx: CheckContext) => void;
  /** Per-item access (adl.data.n.store follows the manifest's readSharedData/writeSharedData). */
  readonly readable?: (ctx: CheckContext) => boolean;
  readonly writable?: (ctx: CheckContext) => boolean;
}

export interface DataModelDefinition {
  /** Keyed by normalized name: array indices written as "n", e.g. "cmi.interactions.n.id". */
  readonly elements: Readonly<Record<string, ElementSpec>>;
  /** _children answers, keyed by normalized parent name. */
  readonly children: Readonly<Record<string, string>>;
  /** Normalized names of the arrays (the part before ".n."). */
  readonly arrays: ReadonlySet<string>;
  /** Arrays whose items must have their id set before any other field (SCORM 2004 RTE error 408 Dependency Not Established). */
  readonly idFirst: ReadonlySet<string>;
}

interface ArrayLevel {
  readonly array: string;
  /** "01" names no item: indices are written without leading zeros. */
  readonly malformed: boolean;
  readonly arrayNorm: string;
  readonly item: string;
  readonly index: number;
}

type Parsed =
  | { readonly kind: 'element'; readonly norm: string; readonly spec: ElementSpec; readonly path: string; readonly levels: readonly ArrayLevel[] }
  | { readonly kind: 'children'; readonly value: string; readonly levels: readonly ArrayLevel[] }
  | { readonly kind: 'count'; readonly path: string; readonly levels: readonly ArrayLevel[] }
  | { readonly kind: 'invalid'; readonly code: 'undefined' | 'noChildren' | 'noCount' };

const INDEX = /^\d+$/;
const PARSE_CACHE_LIMIT = 2000;

export interface GetResult {
  readonly value: string;
  readonly code: number;
  readonly diagnostic: string;
}

export interface SetResult {
  readonly code: number;
  readonly diagnostic: string;
}

/** Values of one SCO attempt: a flat map of concrete element names to strings plus array counts. */
export class DataModelStore {
  readonly values = new Map<string, string>();
  readonly counts = new Map<string, number>();
  private readonly cache = new Map<string, Parsed>();

  constructor(
    readonly model: DataModelDefinition,
    private readonly codes: ErrorCodeMap,
  ) {}

  count(arrayPath: string): number {
    return this.counts.get(arrayPath) ?? 0;
  }

  private parse(element: string): Parsed {
    let parsed = this.cache.get(element);
    if (parsed === undefined) {
      parsed = this.parseUncached(element);
      if (this.cache.size >= PARSE_CACHE_LIMIT) this.cache.clear();
      this.cache.set(element, parsed);
    }
    return parsed;
  }

  private parseUncached(element: string): Parsed {
    const { elements, children, arrays } = this.model;
    const segments = element.split('.');
    const levels: ArrayLevel[] = [];
    let norm = '';
    let path = '';
    for (let i = 0; i < segments.length; i++) {
      const segment = segments[i];
      const last = i === segments.length - 1;
      const known = norm in elements || norm in children || arrays.has(norm);
      if (last && segment === '_children') {
        if (norm in children) return { kind: 'children', value: children[norm], levels };
        return { kind: 'invalid', code: known ? 'noChildren' : 'undefined' };
      }
      if (last && segment === '_count') {
        if (arrays.has(norm)) return { kind: 'count', path, levels };
        return { kind: 'invalid', code: known ? 'noCount' : 'undefined' };
      }
      if (arrays.has(norm)) {
        if (!INDEX.test(segment)) return { kind: 'invalid', code: 'undefined' };
        const item = `${path}.${segment}`;
        levels.push({ array: path, arrayNorm: norm, item, index: Number(segment), malformed: segment.length > 1 && segment[0] === '0' });
        norm += '.n';
        path = item;
        continue;
      }
      if (segment === '') return { kind: 'invalid', code: 'undefined' };
      norm = norm ? `${norm}.${segment}` : segment;
      path = path ? `${path}.${segment}` : segment;
    }
    const spec = elements[norm];
    if (!spec) return { kind: 'invalid', code: 'undefined' };
    return { kind: 'element', norm, spec, path, levels };
  }

  private context(path: string, levels: readonly ArrayLevel[]): CheckContext {
    return { store: this, path, items: levels.map((l) => l.item), indices: levels.map((l) => l.index) };
  }

  /** The first array level whose index is past the end of its array, if any. */
  private missingLevel(levels: readonly ArrayLevel[]): ArrayLevel | undefined {
    return levels.find((level) => level.malformed || level.index >= this.count(level.array));
  }

  get(element: string): GetResult {
    const codes = this.codes;
    if (element === '') return fail(codes.emptyGet, 'GetValue needs a data model element name.');
    const parsed = this.parse(element);
    switch (parsed.kind) {
      case 'invalid':
        return describeInvalid(parsed.code, element, codes);
      case 'children': {
        const missing = this.missingLevel(parsed.levels);
        if (missing) return fail(codes.getIndexOutOfRange, `${missing.item} does not exist: ${missing.array} holds ${this.count(missing.array)} item(s).`);
        return { value: parsed.value, code: 0, diagnostic: '' };
      }
      case 'count': {
        const missing = this.missingLevel(parsed.levels);
        if (missing) return fail(codes.getIndexOutOfRange, `${missing.item} does not exist: ${missing.array} holds ${this.count(missing.array)} item(s).`);
        return { value: String(this.count(parsed.path)), code: 0, diagnostic: '' };
      }
      case 'element': {
        const { spec, path, levels } = parsed;
        if (spec.access === 'wo') return fail(codes.writeOnly, `${element} is write-only.`);
        const missing = this.missingLevel(levels);
        if (missing) return fail(codes.getIndexOutOfRange, `${missing.item} does not exist: ${missing.array} holds ${this.count(missing.array)} item(s).`);
        const ctx = spec.read || spec.readable ? this.context(path, levels) : undefined;
        if (ctx && spec.readable && !spec.readable(ctx)) return fail(codes.writeOnly, `${element} is write-only for this activity.`);
        const value = ctx && spec.read ? spec.read(ctx) : this.values.get(path);
        if (value === undefined) {
          return codes.notInitialized
            ? fail(codes.notInitialized, `${element} has not been set.`)
            : { value: '', code: 0, diagnostic: '' };
        }
        return { value, code: 0, diagnostic: '' };
      }
    }
  }

  set(element: string, value: string): SetResult {
    const codes = this.codes;
    if (element === '') return { code: codes.emptySet, diagnostic: 'SetValue needs a data model element name.' };
    const parsed = this.parse(element);
    if (parsed.kind === 'children' || parsed.kind === 'count' || (parsed.kind === 'invalid' && parsed.code !== 'undefined')) {
      return { code: codes.keyword, diagnostic: `${element} is a keyword and cannot be set.` };
    }
    if (parsed.kind === 'invalid') return { code: codes.undefinedElement, diagnostic: `${element} is not an element of the data model.` };
    const { spec, path, levels, norm } = parsed;
    if (spec.access === 'ro') return { code: codes.readOnly, diagnostic: `${element} is read-only.` };
    for (let i = 0; i < levels.length; i++) {
      const level = levels[i];
      const count = this.count(level.array);
      const innermost = i === levels.length - 1;
      // Items are added in order: n may equal _count (a new item); a gap is a general set failure.
      if (level.malformed || level.index > count) {
        return { code: codes.setIndexOutOfRange, diagnostic: `${level.item} cannot be created: ${level.array}._count is ${count}; indices must be filled in order.` };
      }
      // SCORM 2004 RTE (408 Dependency Not Established): an item's id must be set before anything else in it (408).
      const needsId = codes.dependency && this.model.idFirst.has(level.arrayNorm) && path !== `${level.item}.id`;
      if (needsId && !this.values.has(`${level.item}.id`)) {
        return { code: codes.dependency, diagnostic: `${level.item}.id must be set before ${element}.` };
      }
      if (level.index === count && !innermost) {
        return { code: codes.setIndexOutOfRange, diagnostic: `${level.item} does not exist: ${level.array}._count is ${count}.` };
      }
    }
    const ctx = this.context(path, levels);
    if (spec.writable && !spec.writable(ctx)) return { code: codes.readOnly, diagnostic: `${element} is read-only for this activity.` };
    const verdict = spec.check ? spec.check(value, ctx) : 0;
    if (verdict !== 0) return { code: verdictCode(verdict, codes), diagnostic: describeVerdict(verdict, element, value, norm) };
    if (spec.write) spec.write(value, ctx);
    else this.values.set(path, value);
    for (const level of levels) {
      if (level.index === this.count(level.array)) this.counts.set(level.array, level.index + 1);
    }
    return { code: 0, diagnostic: '' };
  }

  /** Restores saved values: array counts follow from the highest index seen for each array. */
  restore(entries: Iterable<readonly [string, string]>): void {
    for (const [path, value] of entries) {
      const parsed = this.parse(path);
      if (parsed.kind !== 'element') continue;
      this.values.set(path, value);
      for (const level of parsed.levels) {
        if (level.index >= this.count(level.array)) this.counts.set(level.array, level.index + 1);
      }
    }
  }
}

function fail(code: number, diagnostic: string): GetResult {
  return { value: '', code, diagnostic };
}

function describeInvalid(code: 'undefined' | 'noChildren' | 'noCount', element: string, codes: ErrorCodeMap): GetResult {
  if (code === 'noChildren') return fail(codes.noChildren, `${element.slice(0, -10)} has no children.`);
  if (code === 'noCount') return fail(codes.noCount, `${element.slice(0, -7)} is not an array.`);
  return fail(codes.undefinedElement, `${element} is not an element of the data model.`);
}

function verdictCode(verdict: Exclude<Verdict, 0>, codes: ErrorCodeMap): number {
  switch (verdict) {
    case 'type':
      return codes.typeMismatch;
    case 'range':
      return codes.outOfRange;
    case 'dependency':
      return codes.dependency || codes.generalSet;
    case 'set':
      return codes.generalSet;
  }
}

function describeVerdict(verdict: Exclude<Verdict, 0>, element: string, value: string, norm: string): string {
  const shown = value.length > 60 ? `${value.slice(0, 60)}...` : value;
  switch (verdict) {
    case 'type':
      return `"${shown}" is not a valid value for ${element}.`;
    case 'range':
      return `${shown} is outside the range allowed for ${element}.`;
    case 'dependency':
      return `${element} depends on an element that has not been set (${norm.endsWith('pattern') || norm.endsWith('response') ? 'the interaction type' : 'the id'}).`;
    case 'set':
      return `${element} cannot take "${shown}" (duplicate identifier, write-once identifier or too many responses).`;
  }
}
