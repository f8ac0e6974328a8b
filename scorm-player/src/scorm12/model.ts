// SCORM 1.2 run-time data model (RTE 3.4) as a table.
import type { DataModelDefinition, ElementSpec, Verdict } from '../runtime/data-model.js';
import { isScorm12Time, isScorm12Timespan } from '../types/duration.js';
import { decimalInRange, isDecimal, isInteger, isScorm12Identifier } from '../types/values.js';

const ok = 0 as const;
const rw = 'rw' as const;
const ro = 'ro' as const;
const wo = 'wo' as const;

/** CMIString255 / CMIString4096: a string of at most `max` characters. */
function cmiString(max: number): (value: string) => Verdict {
  return (value) => (value.length <= max ? ok : 'type');
}

function vocab(...words: string[]): (value: string) => Verdict {
  const allowed = new Set(words);
  return (value) => (allowed.has(value) ? ok : 'type');
}

/** CMIDecimal or CMIBlank within the score range (RTE 3.4: score.raw/min/max 0..100). */
function score(value: string): Verdict {
  if (value === '') return ok;
  return isDecimal(value) && decimalInRange(value, 0, 100) ? ok : 'range';
}

/** CMISInteger within [min, max]. */
function sinteger(min: number, max: number): (value: string) => Verdict {
  return (value) => (isInteger(value, true) && decimalInRange(value, min, max) ? ok : 'range');
}

const identifier = (value: string): Verdict => (isScorm12Identifier(value) ? ok : 'type');
const timespan = (value: string): Verdict => (isScorm12Timespan(value) ? ok : 'type');
const time = (value: string): Verdict => (isScorm12Time(value) ? ok : 'type');
const decimal = (value: string): Verdict => (isDecimal(value) ? ok : 'type');
const feedback = cmiString(255);
const RESULT = new Set(['correct', 'wrong', 'unanticipated', 'neutral']);

const STATUS_VALUES = ['passed', 'completed', 'failed', 'incomplete', 'browsed'];

function scoreElements(prefix: string): Record<string, ElementSpec> {
  return {
    [`${prefix}.raw`]: { access: rw, check: score },
    [`${prefix}.min`]: { access: rw, check: score },
    [`${prefix}.max`]: { access: rw, check: score },
  };
}

const elements: Record<string, ElementSpec> = {
  'cmi._version': { access: ro },
  'cmi.core.student_id': { access: ro },
  'cmi.core.student_name': { access: ro },
  'cmi.core.lesson_location': { access: rw, check: cmiString(255) },
  'cmi.core.credit': { access: ro },
  // RTE 3.4: "not attempted" is an initial state the SCO cannot set.
  'cmi.core.lesson_status': { access: rw, check: vocab(...STATUS_VALUES) },
  'cmi.core.entry': { access: ro },
  ...scoreElements('cmi.core.score'),
  'cmi.core.total_time': { access: ro },
  'cmi.core.lesson_mode': { access: ro },
  'cmi.core.exit': { access: wo, check: vocab('time-out', 'suspend', 'logout', '') },
  'cmi.core.session_time': { access: wo, check: timespan },
  'cmi.suspend_data': { access: rw, check: cmiString(4096) },
  'cmi.launch_data': { access: ro },
  'cmi.comments': { access: rw, check: cmiString(4096) },
  'cmi.comments_from_lms': { access: ro },
  'cmi.objectives.n.id': { access: rw, check: identifier },
  ...scoreElements('cmi.objectives.n.score'),
  'cmi.objectives.n.status': { access: rw, check: vocab(...STATUS_VALUES, 'not attempted') },
  'cmi.student_data.mastery_score': { access: ro },
  'cmi.student_data.max_time_allowed': { access: ro },
  'cmi.student_data.time_limit_action': { access: ro },
  'cmi.student_preference.audio': { access: rw, check: sinteger(-1, 100) },
  'cmi.student_preference.language': { access: rw, check: cmiString(255) },
  'cmi.student_preference.speed': { access: rw, check: sinteger(-100, 100) },
  'cmi.student_preference.text': { access: rw, check: sinteger(-1, 1) },
  // RTE 3.4: interaction data is write-only (journaled by the LMS, never read back).
  'cmi.interactions.n.id': { access: wo, check: identifier },
  'cmi.interactions.n.objectives.n.id': { access: wo, check: identifier },
  'cmi.interactions.n.time': { access: wo, check: time },
  'cmi.interactions.n.type': { access: wo, check: vocab('true-false', 'choice', 'fill-in', 'matching', 'performance', 'sequencing', 'likert', 'numeric') },
  'cmi.interactions.n.correct_responses.n.pattern': { access: wo, check: feedback },
  'cmi.interactions.n.weighting': { access: wo, check: decimal },
  'cmi.interactions.n.student_response': { access: wo, check: feedback },
  'cmi.interactions.n.result': { access: wo, check: (value) => (RESULT.has(value) || isDecimal(value) ? ok : 'type') },
  'cmi.interactions.n.latency': { access: wo, check: timespan },
};

const SCORE_CHILDREN = 'raw,min,max';

export const SCORM12_MODEL: DataModelDefinition = {
  elements,
  children: {
    'cmi.core': 'student_id,student_name,lesson_location,credit,lesson_status,entry,score,total_time,lesson_mode,exit,session_time',
    'cmi.core.score': SCORE_CHILDREN,
    'cmi.objectives': 'id,score,status',
    'cmi.objectives.n.score': SCORE_CHILDREN,
    'cmi.student_data': 'mastery_score,max_time_allowed,time_limit_action',
    'cmi.student_preference': 'audio,language,speed,text',
    'cmi.interactions': 'id,objectives,time,type,correct_responses,weighting,student_response,result,latency',
  },
  arrays: new Set(['cmi.objectives', 'cmi.interactions', 'cmi.interactions.n.objectives', 'cmi.interactions.n.correct_responses']),
  idFirst: new Set(),
};
