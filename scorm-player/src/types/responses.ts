// SCORM 2004 RTE cmi.interactions.n.correct_responses.n.pattern and cmi.interactions.n.learner_response:
// the format of a response depends on the interaction type.
import { isDecimal, isIdentifier, isLanguage } from './values.js';

export const INTERACTION_TYPES = [
  'true-false',
  'choice',
  'fill-in',
  'long-fill-in',
  'likert',
  'matching',
  'performance',
  'sequencing',
  'numeric',
  'other',
] as const;
export type InteractionType = (typeof INTERACTION_TYPES)[number];

/** RTE cmi.interactions.n.correct_responses: how many correct response patterns an interaction type may hold (undefined = no fixed limit). */
export const MAX_CORRECT_RESPONSES: Partial<Record<InteractionType, number>> = {
  'true-false': 1,
  likert: 1,
  numeric: 1,
  other: 1,
};

const SHORT_ID = 250;
type Delimiter = 'lang' | 'case_matters' | 'order_matters';

/**
 * Reads the leading "{name=value}" delimiters a pattern may start with: {case_matters=} and
 * {order_matters=} in any order, then {lang=} which belongs to the first string (anything after
 * it is text). Returns the rest of the value, or null when a delimiter is repeated or invalid.
 */
function stripDelimiters(value: string, allowed: readonly Delimiter[]): string | null {
  const seen = new Set<string>();
  let rest = value;
  for (;;) {
    const match = /^\{(lang|case_matters|order_matters)=([^}]*)\}/.exec(rest);
    if (!match || !allowed.includes(match[1] as Delimiter)) return rest;
    const [whole, name, setting] = match;
    if (seen.has(name)) return null;
    seen.add(name);
    if (name === 'lang' ? !isLanguage(setting) : setting !== 'true' && setting !== 'false') return null;
    rest = rest.slice(whole.length);
    if (name === 'lang') return rest;
  }
}

/** A localized string item inside a fill-in list: "{lang=xx}" is allowed at its start. */
function isLocalizedItem(item: string): boolean {
  if (!item.startsWith('{lang=')) return true;
  const end = item.indexOf('}');
  return end < 0 || isLanguage(item.slice(6, end));
}

const isShortId = (item: string): boolean => isIdentifier(item, SHORT_ID);

function isIdList(value: string, unique: boolean): boolean {
  const items = value.split('[,]');
  if (!items.every(isShortId)) return false;
  return !unique || new Set(items).size === items.length;
}

function isMatchingList(value: string): boolean {
  return value.split('[,]').every((pair) => {
    const parts = pair.split('[.]');
    return parts.length === 2 && isShortId(parts[0]) && isShortId(parts[1]);
  });
}

/** "min[:]max" with either bound empty; min must not exceed max. */
function isNumericRange(value: string): boolean {
  const parts = value.split('[:]');
  if (parts.length === 1) return isDecimal(parts[0]);
  if (parts.length !== 2) return false;
  const [min, max] = parts;
  if ((min !== '' && !isDecimal(min)) || (max !== '' && !isDecimal(max))) return false;
  return min === '' || max === '' || Number(min) <= Number(max);
}

function isPerformanceList(value: string, pattern: boolean): boolean {
  return value.split('[,]').every((step) => {
    const parts = step.split('[.]');
    if (parts.length !== 2) return false;
    const [name, answer] = parts;
    if (name === '' && answer === '') return false;
    if (name !== '' && !isShortId(name)) return false;
    if (answer.includes('[:]')) return pattern && isNumericRange(answer);
    return true;
  });
}

/** RTE cmi.interactions.n.correct_responses: is `value` a well-formed correct response pattern for `type`? */
export function isCorrectResponsePattern(type: InteractionType, value: string): boolean {
  return isResponse(type, value, true);
}

/** RTE cmi.interactions.n.learner_response: is `value` a well-formed learner response for `type`? */
export function isLearnerResponse(type: InteractionType, value: string): boolean {
  return isResponse(type, value, false);
}

/**
 * Both formats per interaction type. A correct response pattern may also carry
 * {case_matters=} / {order_matters=} delimiters, performance step ranges and a numeric range;
 * a learner response only {lang=}, plain performance steps and a single number.
 */
function isResponse(type: InteractionType, value: string, pattern: boolean): boolean {
  switch (type) {
    case 'true-false':
      return value === 'true' || value === 'false';
    case 'choice':
      return value === '' || isIdList(value, true);
    case 'sequencing':
      return isIdList(value, false);
    case 'likert':
      return isShortId(value);
    case 'matching':
      return isMatchingList(value);
    case 'fill-in': {
      const rest = stripDelimiters(value, pattern ? ['lang', 'case_matters', 'order_matters'] : ['lang']);
      return rest !== null && rest.split('[,]').every(isLocalizedItem);
    }
    case 'long-fill-in':
      return stripDelimiters(value, pattern ? ['lang', 'case_matters'] : ['lang']) !== null;
    case 'performance': {
      const rest = pattern ? stripDelimiters(value, ['order_matters']) : value;
      return rest !== null && isPerformanceList(rest, pattern);
    }
    case 'numeric':
      return pattern ? isNumericRange(value) : isDecimal(value);
    case 'other':
      return true;
  }
}
