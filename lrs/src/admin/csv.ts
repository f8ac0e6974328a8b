import type { Actor } from '../agents';
import type { JsonObject } from '../statements/rules';

const COLUMNS = [
  'id',
  'stored',
  'timestamp',
  'actor',
  'verb',
  'object_type',
  'object_id',
  'registration',
  'result_success',
  'result_completion',
  'result_score_scaled',
  'result_score_raw',
  'result_duration',
  'result_response',
] as const;

/** RFC 4180 quoting; a leading =, +, - or @ is prefixed with ' so spreadsheets do not run it as a formula. */
function cell(value: unknown): string {
  if (value === undefined || value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function actorLabel(actor: Actor | undefined): string {
  if (!actor) return '';
  if (actor.account) return `${actor.account.homePage}|${actor.account.name}`;
  return actor.mbox ?? actor.mbox_sha1sum ?? actor.openid ?? actor.name ?? 'anonymous group';
}

export function csvHeader(): string {
  return `${COLUMNS.join(',')}\r\n`;
}

export function csvRow(statement: JsonObject): string {
  const object = statement.object as JsonObject;
  const result = (statement.result as JsonObject | undefined) ?? {};
  const score = (result.score as JsonObject | undefined) ?? {};
  const context = (statement.context as JsonObject | undefined) ?? {};
  const values = [
    statement.id,
    statement.stored,
    statement.timestamp,
    actorLabel(statement.actor as Actor),
    (statement.verb as JsonObject).id,
    object.objectType ?? 'Activity',
    object.id ?? actorLabel(object as Actor),
    context.registration,
    result.success,
    result.completion,
    score.scaled,
    score.raw,
    result.duration,
    result.response,
  ];
  return `${values.map(cell).join(',')}\r\n`;
}
