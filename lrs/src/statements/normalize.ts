import { actorIds, actorKey, type Actor } from '../agents';
import type { Json, JsonObject } from './rules';

const CONTEXT_ACTIVITY_KINDS = ['parent', 'grouping', 'category', 'other'] as const;

// JSON round trip: the values are JSON already, and it is faster than structuredClone in Node 20.
function clone<T extends Json>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * The form the LRS stores (xAPI 1.0.3 Part 2 2.4.6.2: context activities are returned as arrays;
 * UUIDs in lower case so lookups and comparisons do not depend on case).
 */
export function normalizeForStorage(statement: JsonObject): JsonObject {
  const out = clone(statement);
  const visit = (s: JsonObject) => {
    if (typeof s.id === 'string') s.id = s.id.toLowerCase();
    const object = s.object as JsonObject;
    if (object.objectType === 'StatementRef') object.id = (object.id as string).toLowerCase();
    const context = s.context as JsonObject | undefined;
    if (context) {
      if (typeof context.registration === 'string') context.registration = context.registration.toLowerCase();
      const ctxStatement = context.statement as JsonObject | undefined;
      if (ctxStatement) ctxStatement.id = (ctxStatement.id as string).toLowerCase();
      const activities = context.contextActivities as JsonObject | undefined;
      if (activities) {
        for (const kind of CONTEXT_ACTIVITY_KINDS) {
          const value = activities[kind];
          if (value !== undefined && !Array.isArray(value)) activities[kind] = [value];
        }
      }
    }
    if (object.objectType === 'SubStatement') visit(object);
  };
  visit(out);
  return out;
}

/** xAPI 2.0 Part 2 4.2.7: durations compare to 0.01 s; finer precision is ignored. */
function truncateDuration(duration: string): string {
  return duration.replace(/(\d+)[.,](\d+)S$/, (_m, whole: string, fraction: string) => {
    const hundredths = fraction.slice(0, 2).replace(/0+$/, '');
    return hundredths ? `${whole}.${hundredths}S` : `${whole}S`;
  });
}

function epochMs(timestamp: string): number {
  return new Date(timestamp.replace(',', '.')).getTime();
}

/**
 * The comparison form of xAPI 2.0 Part 2 2.1.3 ("Statement Comparison Requirements"): properties the
 * LRS sets (stored, authority, version) are ignored, as are case of UUIDs, order of Group members,
 * single-vs-array context activities and timestamp formatting beyond the instant it names.
 */
function comparisonForm(statement: JsonObject): Json {
  const s = normalizeForStorage(statement);
  delete s.stored;
  delete s.authority;
  delete s.version;
  const sortMembers = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(sortMembers);
    if (value && typeof value === 'object') {
      const out: JsonObject = {};
      for (const key of Object.keys(value).sort()) {
        let v = sortMembers(value[key]);
        if (key === 'member' && Array.isArray(v)) v = [...v].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
        if (key === 'timestamp' && typeof v === 'string') v = epochMs(v);
        if (key === 'duration' && typeof v === 'string') v = truncateDuration(v);
        out[key] = v;
      }
      return out;
    }
    return value;
  };
  return sortMembers(s);
}

export function sameStatement(a: JsonObject, b: JsonObject, ignoreTimestamp = false): boolean {
  if (ignoreTimestamp) {
    a = { ...a };
    b = { ...b };
    delete a.timestamp;
    delete b.timestamp;
  }
  return JSON.stringify(comparisonForm(a)) === JSON.stringify(comparisonForm(b));
}

/** One entry of the filter index: kind a(gent) c(activity) v(erb) r(egistration); direct = not only "related". */
export interface IndexEntry {
  kind: 'a' | 'c' | 'v' | 'r';
  value: string;
  direct: boolean;
}

/**
 * What the query API can filter a statement by (xAPI 1.0.3 Part 3 2.1.3): the actor/object Agent
 * (direct) and every other Agent (related_agents), the object Activity (direct) and every context
 * Activity and the SubStatement's (related_activities), the verb and the registration.
 */
export function indexEntries(statement: JsonObject): IndexEntry[] {
  const map = new Map<string, IndexEntry>();
  const add = (kind: IndexEntry['kind'], value: string | null | undefined, direct: boolean) => {
    if (!value) return;
    const key = `${kind}\u0000${value}`;
    const existing = map.get(key);
    if (existing) existing.direct ||= direct;
    else map.set(key, { kind, value, direct });
  };
  const addActor = (actor: Actor | undefined, direct: boolean) => {
    if (!actor) return;
    add('a', actorKey(actor), direct);
    // An Agent matches statements made by a Group it is a member of (related only).
    for (const member of actor.member ?? []) add('a', actorKey(member), false);
  };
  const addActivities = (list: Json | undefined) => {
    for (const activity of (list as JsonObject[] | undefined) ?? []) add('c', activity.id as string, false);
  };
  const visit = (s: JsonObject, top: boolean) => {
    addActor(s.actor as Actor, top);
    const object = s.object as JsonObject;
    const type = object.objectType ?? 'Activity';
    if (type === 'Activity') add('c', object.id as string, top);
    if (type === 'Agent' || type === 'Group') addActor(object as Actor, top);
    if (top) add('v', (s.verb as JsonObject).id as string, true);
    const context = s.context as JsonObject | undefined;
    if (context) {
      if (top && typeof context.registration === 'string') add('r', context.registration, true);
      addActor(context.instructor as Actor | undefined, false);
      addActor(context.team as Actor | undefined, false);
      for (const entry of (context.contextAgents as JsonObject[] | undefined) ?? []) addActor(entry.agent as Actor, false);
      for (const entry of (context.contextGroups as JsonObject[] | undefined) ?? []) addActor(entry.group as Actor, false);
      const activities = context.contextActivities as JsonObject | undefined;
      if (activities) for (const kind of CONTEXT_ACTIVITY_KINDS) addActivities(activities[kind]);
    }
    if (type === 'SubStatement') visit(object, false);
  };
  visit(statement, true);
  addActor(statement.authority as Actor | undefined, false);
  return [...map.values()];
}

/** Activities with definitions in a statement, for the Activities resource. */
export function definedActivities(statement: JsonObject): JsonObject[] {
  const found: JsonObject[] = [];
  const visit = (s: JsonObject) => {
    const object = s.object as JsonObject;
    if ((object.objectType ?? 'Activity') === 'Activity') found.push(object);
    const activities = (s.context as JsonObject | undefined)?.contextActivities as JsonObject | undefined;
    if (activities) for (const kind of CONTEXT_ACTIVITY_KINDS) for (const a of (activities[kind] as JsonObject[] | undefined) ?? []) found.push(a);
    if (object.objectType === 'SubStatement') visit(object);
  };
  visit(statement);
  return found;
}

/** format=ids (xAPI 1.0.3 Part 3 2.1.3): only what identifies Agents, Groups, Activities and Verbs. */
export function idsFormat(statement: JsonObject): JsonObject {
  const s = clone(statement);
  const visit = (st: JsonObject) => {
    st.actor = actorIds(st.actor as Actor) as JsonObject;
    st.verb = { id: (st.verb as JsonObject).id };
    const object = st.object as JsonObject;
    const type = object.objectType ?? 'Activity';
    if (type === 'Activity') st.object = { id: object.id };
    else if (type === 'Agent' || type === 'Group') st.object = actorIds(object as Actor) as JsonObject;
    if (st.authority) st.authority = actorIds(st.authority as Actor) as JsonObject;
    const context = st.context as JsonObject | undefined;
    if (context) {
      if (context.instructor) context.instructor = actorIds(context.instructor as Actor) as JsonObject;
      if (context.team) context.team = actorIds(context.team as Actor) as JsonObject;
      for (const entry of (context.contextAgents as JsonObject[] | undefined) ?? []) entry.agent = actorIds(entry.agent as Actor) as JsonObject;
      for (const entry of (context.contextGroups as JsonObject[] | undefined) ?? []) entry.group = actorIds(entry.group as Actor) as JsonObject;
      const activities = context.contextActivities as JsonObject | undefined;
      if (activities) {
        for (const kind of CONTEXT_ACTIVITY_KINDS) {
          const list = activities[kind] as JsonObject[] | undefined;
          if (list) activities[kind] = list.map((a) => ({ id: a.id }));
        }
      }
    }
    if (type === 'SubStatement') visit(object);
  };
  visit(s);
  return s;
}

/** Picks the best language of a language map for the Accept-Language ranges (RFC 4647 lookup). */
function pickLanguage(map: JsonObject, ranges: string[]): JsonObject {
  const keys = Object.keys(map);
  if (keys.length <= 1) return map;
  for (const range of ranges) {
    if (range === '*') return { [keys[0]]: map[keys[0]] };
    const r = range.toLowerCase();
    const exact = keys.find((k) => k.toLowerCase() === r);
    if (exact) return { [exact]: map[exact] };
    const prefix = keys.find((k) => k.toLowerCase().startsWith(`${r}-`) || r.startsWith(`${k.toLowerCase()}-`));
    if (prefix) return { [prefix]: map[prefix] };
  }
  const fallback = keys.find((k) => k.toLowerCase().startsWith('en')) ?? keys[0];
  return { [fallback]: map[fallback] };
}

export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q ? Number(q) : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((entry) => entry.tag);
}

/**
 * format=canonical (xAPI 1.0.3 Part 3 2.1.3): Activity definitions as the LRS knows them, and every
 * language map reduced to the one language that best matches Accept-Language.
 */
export function canonicalFormat(statement: JsonObject, ranges: string[], definitions: Map<string, JsonObject>): JsonObject {
  const s = clone(statement);
  const reduce = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(reduce);
    if (value && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        if ((key === 'display' || key === 'name' || key === 'description') && value[key] && typeof value[key] === 'object' && !Array.isArray(value[key])) {
          value[key] = pickLanguage(value[key] as JsonObject, ranges);
        } else if (key !== 'extensions') {
          value[key] = reduce(value[key]);
        }
      }
    }
    return value;
  };
  const replaceDefinitions = (st: JsonObject) => {
    const swap = (activity: JsonObject) => {
      const known = definitions.get(activity.id as string);
      if (known) activity.definition = clone(known);
    };
    const object = st.object as JsonObject;
    if ((object.objectType ?? 'Activity') === 'Activity') swap(object);
    const activities = (st.context as JsonObject | undefined)?.contextActivities as JsonObject | undefined;
    if (activities) for (const kind of CONTEXT_ACTIVITY_KINDS) for (const a of (activities[kind] as JsonObject[] | undefined) ?? []) swap(a);
    if (object.objectType === 'SubStatement') replaceDefinitions(object);
  };
  replaceDefinitions(s);
  return reduce(s) as JsonObject;
}

/** A timestamp as the same instant in UTC, keeping digits finer than milliseconds (xAPI 2.0 Part 2 2.4.7). */
export function toUtcTimestamp(timestamp: string): string {
  const instant = new Date(timestamp.replace(',', '.'));
  if (Number.isNaN(instant.getTime())) return timestamp;
  const fraction = /[.,](\d+)/.exec(timestamp)?.[1];
  const iso = instant.toISOString();
  return fraction && fraction.length > 3 ? iso.replace(/\.\d{3}Z$/, `.${fraction}Z`) : iso;
}

/** xAPI 2.0 Part 2 2.4.7: the LRS returns timestamps in UTC, the same instant as sent. */
export function normalizeTimestamps(statement: JsonObject): void {
  if (typeof statement.timestamp === 'string') statement.timestamp = toUtcTimestamp(statement.timestamp);
  const object = statement.object as JsonObject;
  if (object.objectType === 'SubStatement' && typeof object.timestamp === 'string') object.timestamp = toUtcTimestamp(object.timestamp);
}
