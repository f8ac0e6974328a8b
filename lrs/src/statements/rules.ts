import { ifiCount, type Actor } from '../agents';
import { badRequest } from '../errors';
import type { XapiVersion } from '../version';
import { schemaError } from './schema';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const VOIDED_VERB = 'http://adlnet.gov/expapi/verbs/voided';

/** xAPI 2.4.2.1: an Agent has exactly one IFI; 2.4.2.2: an identified Group at most one, an anonymous one members. */
function checkActor(actor: Actor, field: string): void {
  const count = ifiCount(actor);
  if (actor.objectType === 'Group') {
    if (count > 1) throw badRequest(`${field} must not have more than one inverse functional identifier`);
    if (count === 0 && !actor.member) throw badRequest(`${field} is an anonymous Group and must have a member list`);
    actor.member?.forEach((member, i) => checkActor(member, `${field}.member[${i}]`));
  } else if (count !== 1) {
    throw badRequest(`${field} must have exactly one inverse functional identifier (mbox, mbox_sha1sum, openid or account)`);
  }
}

function checkBody(statement: JsonObject, field: string): void {
  checkActor(statement.actor as Actor, `${field}.actor`);
  const object = statement.object as JsonObject;
  if (object.objectType === 'Agent' || object.objectType === 'Group') checkActor(object as Actor, `${field}.object`);
  const context = statement.context as JsonObject | undefined;
  if (context) {
    if (context.instructor) checkActor(context.instructor as Actor, `${field}.context.instructor`);
    if (context.team) checkActor(context.team as Actor, `${field}.context.team`);
    for (const [i, entry] of ((context.contextAgents as JsonObject[] | undefined) ?? []).entries()) {
      checkActor(entry.agent as Actor, `${field}.context.contextAgents[${i}].agent`);
    }
    for (const [i, entry] of ((context.contextGroups as JsonObject[] | undefined) ?? []).entries()) {
      checkActor(entry.group as Actor, `${field}.context.contextGroups[${i}].group`);
    }
    // xAPI 2.4.6: revision and platform only when the object is an Activity.
    const isActivity = object.objectType === undefined || object.objectType === 'Activity';
    if (!isActivity && context.revision !== undefined) throw badRequest(`${field}.context.revision is only allowed when the object is an Activity`);
    if (!isActivity && context.platform !== undefined) throw badRequest(`${field}.context.platform is only allowed when the object is an Activity`);
  }
  const score = (statement.result as JsonObject | undefined)?.score as JsonObject | undefined;
  if (score) {
    // xAPI 2.4.5.1: min <= raw <= max.
    const { raw, min, max } = score as { raw?: number; min?: number; max?: number };
    if (min !== undefined && max !== undefined && min > max) throw badRequest(`${field}.result.score.min must not exceed max`);
    if (raw !== undefined && min !== undefined && raw < min) throw badRequest(`${field}.result.score.raw must not be below min`);
    if (raw !== undefined && max !== undefined && raw > max) throw badRequest(`${field}.result.score.raw must not exceed max`);
  }
  if (object.objectType === 'SubStatement') checkBody(object, `${field}.object`);
}

/**
 * Validates one Statement as sent by a client: schema (ajv) first, then the rules spanning properties.
 * Throws a 400 naming the field.
 */
export function validateStatement(value: unknown, version: XapiVersion, field = 'statement'): asserts value is JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest(`${field} must be an object`);
  const message = schemaError('statement', version, value, field);
  if (message) throw badRequest(message);
  const statement = value as JsonObject;
  checkBody(statement, field);
  const authority = statement.authority as Actor | undefined;
  if (authority) {
    checkActor(authority, `${field}.authority`);
    // xAPI 2.4.9: a Group authority is the two-Agent OAuth pair (an anonymous Group of two).
    if (authority.objectType === 'Group' && (ifiCount(authority) > 0 || authority.member?.length !== 2)) {
      throw badRequest(`${field}.authority as a Group must be an anonymous Group of exactly two Agents`);
    }
  }
  const verb = statement.verb as JsonObject;
  if (verb.id === VOIDED_VERB && (statement.object as JsonObject).objectType !== 'StatementRef') {
    throw badRequest(`${field}.object must be a StatementRef when the verb is "voided"`);
  }
}
