import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { XapiVersion } from '../version';

/**
 * JSON Schemas of the xAPI Statement (xAPI 1.0.3 Part 2 2.4 / xAPI 2.0 Part 2 2.4). They check
 * structure and formats; rules spanning several properties (one Inverse Functional Identifier per
 * Agent, revision/platform only with Activities, ...) live in `rules.ts`.
 */

// RFC 3987 IRI: a scheme, a colon and no white space (what the specification's "IRI" requires).
const IRI = '^[A-Za-z][A-Za-z0-9+.-]*:[^\\s]*$';
// RFC 5646 language tag (permissive form of the langtag production).
const LANGUAGE_TAG = '^(?:[A-Za-z]{2,3}(?:-[A-Za-z]{3}){0,3}|[A-Za-z]{4,8})(?:-[A-Za-z]{4})?(?:-(?:[A-Za-z]{2}|[0-9]{3}))?(?:-(?:[A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*(?:-[0-9A-WY-Za-wy-z](?:-[A-Za-z0-9]{2,8})+)*(?:-[xX](?:-[A-Za-z0-9]{1,8})+)?$|^[xX](?:-[A-Za-z0-9]{1,8})+$|^i-[a-z]+$';
const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$';
// ISO 8601 date-time with a time zone; -00:00 is RFC 3339's "unknown offset", refused by xAPI 2.4.7.
export const TIMESTAMP =
  '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(?::\\d{2}(?:[.,]\\d+)?)?(?:Z|(?!-00(?::?00)?$)[+-]\\d{2}(?::?\\d{2})?)$';
// ISO 8601 duration (xAPI 4.6).
const DURATION =
  '^P(?:\\d+(?:[.,]\\d+)?W|(?=\\d|T\\d)(?:\\d+(?:[.,]\\d+)?Y)?(?:\\d+(?:[.,]\\d+)?M)?(?:\\d+(?:[.,]\\d+)?D)?(?:T(?=\\d)(?:\\d+(?:[.,]\\d+)?H)?(?:\\d+(?:[.,]\\d+)?M)?(?:\\d+(?:[.,]\\d+)?S)?)?)$';
const SHA1 = '^[0-9a-fA-F]{40}$';
const MAILTO = '^mailto:[^@\\s]+@[^@\\s]+$';

type Schema = Record<string, unknown>;

function definitions(version: XapiVersion): Record<string, Schema> {
  const twoZero = version === '2.0.0';
  const languageMap: Schema = {
    type: 'object',
    propertyNames: { pattern: LANGUAGE_TAG },
    additionalProperties: { type: 'string' },
  };
  const extensions: Schema = { type: 'object', propertyNames: { pattern: IRI } };
  const account: Schema = {
    type: 'object',
    required: ['homePage', 'name'],
    additionalProperties: false,
    properties: { homePage: { type: 'string', pattern: IRI }, name: { type: 'string' } },
  };
  const ifiProperties = {
    mbox: { type: 'string', pattern: MAILTO },
    mbox_sha1sum: { type: 'string', pattern: SHA1 },
    openid: { type: 'string', pattern: IRI },
    account: { $ref: '#/$defs/account' },
  };
  const interactionComponent: Schema = {
    type: 'object',
    required: ['id'],
    additionalProperties: false,
    properties: { id: { type: 'string', minLength: 1, pattern: '^\\S+$' }, description: { $ref: '#/$defs/languageMap' } },
  };
  const components = { type: 'array', items: { $ref: '#/$defs/interactionComponent' } };
  const contextActivityList = {
    anyOf: [{ $ref: '#/$defs/activity' }, { type: 'array', items: { $ref: '#/$defs/activity' } }],
  };
  const contextProperties: Record<string, Schema> = {
    registration: { type: 'string', pattern: UUID },
    instructor: { $ref: '#/$defs/actor' },
    team: { $ref: '#/$defs/group' },
    contextActivities: {
      type: 'object',
      additionalProperties: false,
      properties: {
        parent: contextActivityList,
        grouping: contextActivityList,
        category: contextActivityList,
        other: contextActivityList,
      },
    },
    revision: { type: 'string' },
    platform: { type: 'string' },
    language: { type: 'string', pattern: LANGUAGE_TAG },
    statement: { $ref: '#/$defs/statementRef' },
    extensions: { $ref: '#/$defs/extensions' },
  };
  if (twoZero) {
    // xAPI 2.0 Part 2 2.4.6.2: contextAgents and contextGroups.
    contextProperties.contextAgents = {
      type: 'array',
      items: {
        type: 'object',
        required: ['objectType', 'agent'],
        additionalProperties: false,
        properties: {
          objectType: { const: 'contextAgent' },
          agent: { $ref: '#/$defs/agent' },
          relevantTypes: { type: 'array', minItems: 1, items: { type: 'string', pattern: IRI } },
        },
      },
    };
    contextProperties.contextGroups = {
      type: 'array',
      items: {
        type: 'object',
        required: ['objectType', 'group'],
        additionalProperties: false,
        properties: {
          objectType: { const: 'contextGroup' },
          group: { $ref: '#/$defs/group' },
          relevantTypes: { type: 'array', minItems: 1, items: { type: 'string', pattern: IRI } },
        },
      },
    };
  }
  return {
    languageMap,
    extensions,
    account,
    agent: {
      type: 'object',
      additionalProperties: false,
      properties: { objectType: { const: 'Agent' }, name: { type: 'string' }, ...ifiProperties },
    },
    group: {
      type: 'object',
      required: ['objectType'],
      additionalProperties: false,
      properties: {
        objectType: { const: 'Group' },
        name: { type: 'string' },
        member: { type: 'array', items: { $ref: '#/$defs/agent' } },
        ...ifiProperties,
      },
    },
    actor: {
      type: 'object',
      if: { required: ['objectType'], properties: { objectType: { const: 'Group' } } },
      then: { $ref: '#/$defs/group' },
      else: { $ref: '#/$defs/agent' },
    },
    verb: {
      type: 'object',
      required: ['id'],
      additionalProperties: false,
      properties: { id: { type: 'string', pattern: IRI }, display: { $ref: '#/$defs/languageMap' } },
    },
    interactionComponent,
    activityDefinition: {
      type: 'object',
      // xAPI 2.4.4.1: the interaction properties need interactionType.
      dependencies: Object.fromEntries(
        ['correctResponsesPattern', 'choices', 'scale', 'source', 'target', 'steps'].map((k) => [k, ['interactionType']]),
      ),
      additionalProperties: false,
      properties: {
        name: { $ref: '#/$defs/languageMap' },
        description: { $ref: '#/$defs/languageMap' },
        type: { type: 'string', pattern: IRI },
        moreInfo: { type: 'string', pattern: IRI },
        extensions: { $ref: '#/$defs/extensions' },
        interactionType: {
          enum: [
            'true-false',
            'choice',
            'fill-in',
            'long-fill-in',
            'matching',
            'performance',
            'sequencing',
            'likert',
            'numeric',
            'other',
          ],
        },
        correctResponsesPattern: { type: 'array', items: { type: 'string' } },
        choices: components,
        scale: components,
        source: components,
        target: components,
        steps: components,
      },
    },
    activity: {
      type: 'object',
      required: ['id'],
      additionalProperties: false,
      properties: {
        objectType: { const: 'Activity' },
        id: { type: 'string', pattern: IRI },
        definition: { $ref: '#/$defs/activityDefinition' },
      },
    },
    statementRef: {
      type: 'object',
      required: ['objectType', 'id'],
      additionalProperties: false,
      properties: { objectType: { const: 'StatementRef' }, id: { type: 'string', pattern: UUID } },
    },
    score: {
      type: 'object',
      additionalProperties: false,
      properties: {
        scaled: { type: 'number', minimum: -1, maximum: 1 },
        raw: { type: 'number' },
        min: { type: 'number' },
        max: { type: 'number' },
      },
    },
    result: {
      type: 'object',
      additionalProperties: false,
      properties: {
        score: { $ref: '#/$defs/score' },
        success: { type: 'boolean' },
        completion: { type: 'boolean' },
        response: { type: 'string' },
        duration: { type: 'string', pattern: DURATION },
        extensions: { $ref: '#/$defs/extensions' },
      },
    },
    context: { type: 'object', additionalProperties: false, properties: contextProperties },
    attachment: {
      type: 'object',
      required: ['usageType', 'display', 'contentType', 'length', 'sha2'],
      additionalProperties: false,
      properties: {
        usageType: { type: 'string', pattern: IRI },
        display: { $ref: '#/$defs/languageMap' },
        description: { $ref: '#/$defs/languageMap' },
        contentType: { type: 'string', pattern: '^[\\w.+-]+/[\\w.+-]+' },
        length: { type: 'integer', minimum: 0 },
        sha2: { type: 'string', pattern: '^[0-9a-fA-F]{56}$|^[0-9a-fA-F]{64}$|^[0-9a-fA-F]{96}$|^[0-9a-fA-F]{128}$' },
        fileUrl: { type: 'string', pattern: IRI },
      },
    },
    object: {
      type: 'object',
      required: ['objectType'],
      properties: { objectType: { enum: ['Activity', 'Agent', 'Group', 'StatementRef', 'SubStatement'] } },
      allOf: [
        { if: { properties: { objectType: { const: 'Activity' } } }, then: { $ref: '#/$defs/activity' } },
        { if: { properties: { objectType: { const: 'Agent' } } }, then: { $ref: '#/$defs/agent' } },
        { if: { properties: { objectType: { const: 'Group' } } }, then: { $ref: '#/$defs/group' } },
        { if: { properties: { objectType: { const: 'StatementRef' } } }, then: { $ref: '#/$defs/statementRef' } },
        { if: { properties: { objectType: { const: 'SubStatement' } } }, then: { $ref: '#/$defs/subStatement' } },
      ],
    },
    // An object without objectType is an Activity (xAPI 2.4.4.1).
    statementObject: {
      if: { type: 'object', required: ['objectType'] },
      then: { $ref: '#/$defs/object' },
      else: { $ref: '#/$defs/activity' },
    },
    subStatement: {
      type: 'object',
      required: ['objectType', 'actor', 'verb', 'object'],
      additionalProperties: false,
      properties: {
        objectType: { const: 'SubStatement' },
        actor: { $ref: '#/$defs/actor' },
        verb: { $ref: '#/$defs/verb' },
        object: { $ref: '#/$defs/subStatementObject' },
        result: { $ref: '#/$defs/result' },
        context: { $ref: '#/$defs/context' },
        timestamp: { type: 'string', pattern: TIMESTAMP },
        attachments: { type: 'array', items: { $ref: '#/$defs/attachment' } },
      },
    },
    // A SubStatement MUST NOT contain a SubStatement (xAPI 2.4.4.1.3).
    subStatementObject: {
      if: { type: 'object', required: ['objectType'] },
      then: {
        properties: { objectType: { enum: ['Activity', 'Agent', 'Group', 'StatementRef'] } },
        $ref: '#/$defs/object',
      },
      else: { $ref: '#/$defs/activity' },
    },
  };
}

function statementSchema(version: XapiVersion): Schema {
  return {
    $defs: definitions(version),
    type: 'object',
    required: ['actor', 'verb', 'object'],
    additionalProperties: false,
    properties: {
      id: { type: 'string', pattern: UUID },
      actor: { $ref: '#/$defs/actor' },
      verb: { $ref: '#/$defs/verb' },
      object: { $ref: '#/$defs/statementObject' },
      result: { $ref: '#/$defs/result' },
      context: { $ref: '#/$defs/context' },
      timestamp: { type: 'string', pattern: TIMESTAMP },
      stored: { type: 'string', pattern: TIMESTAMP },
      authority: { $ref: '#/$defs/actor' },
      version: { type: 'string', pattern: version === '2.0.0' ? '^(1\\.0(\\.\\d+)?|2\\.0(\\.\\d+)?)$' : '^1\\.0(\\.\\d+)?$' },
      attachments: { type: 'array', items: { $ref: '#/$defs/attachment' } },
    },
  };
}

function agentSchema(version: XapiVersion): Schema {
  return { $defs: definitions(version), $ref: '#/$defs/actor' };
}

// Patterns are ASCII-only, so they run without the (slower) unicode flag.
const ajv = new Ajv({ allErrors: false, strict: false, unicodeRegExp: false });
const compiled = new Map<string, ValidateFunction>();

function validator(kind: 'statement' | 'agent' | 'activity', version: XapiVersion): ValidateFunction {
  const key = `${kind}:${version}`;
  let fn = compiled.get(key);
  if (!fn) {
    const schema =
      kind === 'statement'
        ? statementSchema(version)
        : kind === 'agent'
          ? agentSchema(version)
          : { $defs: definitions(version), $ref: '#/$defs/activity' };
    fn = ajv.compile(schema);
    compiled.set(key, fn);
  }
  return fn;
}

const PATTERN_NAMES: Record<string, string> = {
  [IRI]: 'must be an IRI (scheme:..., no spaces)',
  [UUID]: 'must be a UUID',
  [TIMESTAMP]: 'must be an ISO 8601 timestamp with a time zone (not -00:00)',
  [DURATION]: 'must be an ISO 8601 duration (e.g. PT1H30M)',
  [MAILTO]: 'must be a "mailto:" email address',
  [SHA1]: 'must be a SHA-1 hash (40 hexadecimal characters)',
  [LANGUAGE_TAG]: 'must be an RFC 5646 language tag',
};

/** Names the offending field, e.g. `statement.actor.mbox must be a "mailto:" email address`. */
function describe(root: string, errors: ErrorObject[] | null | undefined): string {
  const error = errors?.[0];
  if (!error) return `${root} is invalid`;
  const field = root + error.instancePath.replace(/\/(\d+)(?=\/|$)/g, '[$1]').replace(/\//g, '.');
  if (error.propertyName !== undefined) return `${field} has an invalid key "${error.propertyName}" (${PATTERN_NAMES[String(error.params.pattern)] ?? 'not allowed'})`;
  if (error.keyword === 'additionalProperties') {
    return `${field} has an unknown property "${String(error.params.additionalProperty)}"`;
  }
  if (error.keyword === 'required') return `${field} is missing "${String(error.params.missingProperty)}"`;
  if (error.keyword === 'pattern') return `${field} ${PATTERN_NAMES[String(error.params.pattern)] ?? `must match ${String(error.params.pattern)}`}`;
  if (error.keyword === 'enum') return `${field} must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  if (error.keyword === 'const') return `${field} must be ${JSON.stringify(error.params.allowedValue)}`;
  return `${field} ${error.message ?? 'is invalid'}`;
}

/** Returns an error message naming the field, or null when `value` matches the schema. */
export function schemaError(kind: 'statement' | 'agent' | 'activity', version: XapiVersion, value: unknown, root: string): string | null {
  const fn = validator(kind, version);
  return fn(value) ? null : describe(root, fn.errors);
}

export const patterns = { IRI, UUID, TIMESTAMP, LANGUAGE_TAG, DURATION };
