/** Human-readable parts of an xAPI statement (xAPI 2.0 Part 2 2.4): who, did what, to what. */
interface LanguageMap {
  [language: string]: string;
}

export interface XapiStatement {
  id: string;
  actor?: { name?: string; mbox?: string; account?: { name?: string; homePage?: string }; objectType?: string };
  verb?: { id?: string; display?: LanguageMap };
  object?: { id?: string; objectType?: string; definition?: { name?: LanguageMap } };
  result?: { score?: { scaled?: number; raw?: number }; success?: boolean; completion?: boolean };
  timestamp?: string;
  stored?: string;
}

/** A language map entry in the console's language, else English, else the first one (xAPI 2.0 Part 2 2.4.5). */
export function pickLanguage(map: LanguageMap | undefined, language: string): string | null {
  if (!map) return null;
  const keys = Object.keys(map);
  const match = keys.find((k) => k.toLowerCase() === language || k.toLowerCase().startsWith(`${language}-`)) ?? keys.find((k) => k.toLowerCase().startsWith('en')) ?? keys[0];
  return match ? map[match] : null;
}

export function actorText(statement: XapiStatement): string {
  const actor = statement.actor;
  if (!actor) return '';
  return actor.name ?? actor.account?.name ?? actor.mbox?.replace(/^mailto:/, '') ?? '';
}

export function verbText(statement: XapiStatement, language: string): string {
  const verb = statement.verb;
  if (!verb) return '';
  return pickLanguage(verb.display, language) ?? verb.id?.replace(/^.*\//, '') ?? '';
}

export function objectText(statement: XapiStatement, language: string): string {
  const object = statement.object;
  if (!object) return '';
  return pickLanguage(object.definition?.name, language) ?? object.id ?? '';
}

/** Query string of the export endpoint: the same filters as the list, flat (the LRS's export parameters). */
export function exportQuery(format: 'ndjson' | 'csv', filters: Record<string, string>): string {
  return new URLSearchParams({ format, ...filters }).toString();
}

/** A row of GET /api/v1/admin/lrs/statements (lrs/src/admin/router.ts). */
export interface StatementRow {
  id: string;
  stored: string;
  timestamp?: string;
  verb: string;
  object: string;
  statement: XapiStatement;
}

/**
 * The explorer's form filters -> the LRS filter (its query API names). The learner is an account on the
 * platform's home page and a course is the activity `<home page>/courses/<id>` (lrs/src/scorm/mapping.ts).
 */
export function lrsFilter(form: Record<string, unknown>, homePage: string): Record<string, string> {
  const text = (key: string) => (typeof form[key] === 'string' ? (form[key] as string).trim() : form[key] === undefined || form[key] === null ? '' : String(form[key]).trim());
  const out: Record<string, string> = {};
  const home = homePage.replace(/\/+$/, '');
  const agent = text('agent');
  if (agent) out.agent = JSON.stringify({ objectType: 'Agent', account: { homePage: home, name: agent } });
  if (text('verb')) out.verb = text('verb');
  if (text('activity')) out.activity = text('activity');
  else if (text('course_id')) out.activity = `${home}/courses/${encodeURIComponent(text('course_id'))}`;
  // Dates from the form are whole days: "until" includes that whole day.
  if (text('since')) out.since = new Date(`${text('since')}T00:00:00Z`).toISOString();
  if (text('until')) out.until = new Date(Date.parse(`${text('until')}T00:00:00Z`) + 86_400_000).toISOString();
  return out;
}
