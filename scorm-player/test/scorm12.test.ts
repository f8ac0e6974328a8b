// SCORM 1.2 run-time environment (RTE 3.3 API, 3.4 data model), element by element.
import { describe, expect, it } from 'vitest';
import { Scorm12Api, type Scorm12Options } from '../src/scorm12/api.js';
import type { TrackingData } from '../src/runtime/api-state.js';

function started(options: Scorm12Options = {}): Scorm12Api {
  const api = new Scorm12Api({ learnerId: 'learner-7', learnerName: 'Doe, Jane', ...options });
  expect(api.LMSInitialize('')).toBe('true');
  return api;
}

/** Sets and expects the return value and error code. */
function set(api: Scorm12Api, element: string, value: string, ok: boolean, code = ok ? '0' : undefined): void {
  expect(api.LMSSetValue(element, value), `${element} = ${JSON.stringify(value)}`).toBe(ok ? 'true' : 'false');
  if (code !== undefined) expect(api.LMSGetLastError(), `${element} = ${JSON.stringify(value)}`).toBe(code);
}

function get(api: Scorm12Api, element: string, value: string, code = '0'): void {
  expect(api.LMSGetValue(element), element).toBe(value);
  expect(api.LMSGetLastError(), element).toBe(code);
}

let checks = 0;
const counted = <T>(fn: () => T): T => {
  checks++;
  return fn();
};

describe('SCORM 1.2 API state machine (RTE 3.3)', () => {
  it('rejects calls before LMSInitialize with 301 and never throws', () => {
    const api = new Scorm12Api();
    get(api, 'cmi.core.lesson_location', '', '301');
    set(api, 'cmi.core.lesson_location', 'x', false, '301');
    expect(api.LMSCommit('')).toBe('false');
    expect(api.LMSGetLastError()).toBe('301');
    expect(api.LMSFinish('')).toBe('false');
    expect(api.LMSGetLastError()).toBe('301');
  });

  it('requires the empty string argument (201) and refuses a second initialize (101)', () => {
    const api = new Scorm12Api();
    expect(api.LMSInitialize('x')).toBe('false');
    expect(api.LMSGetLastError()).toBe('201');
    expect(api.LMSInitialize()).toBe('true');
    expect(api.LMSInitialize('')).toBe('false');
    expect(api.LMSGetLastError()).toBe('101');
    expect(api.LMSCommit('x')).toBe('false');
    expect(api.LMSGetLastError()).toBe('201');
    expect(api.LMSCommit('')).toBe('true');
    expect(api.LMSFinish('x')).toBe('false');
    expect(api.LMSGetLastError()).toBe('201');
    expect(api.LMSFinish('')).toBe('true');
    expect(api.LMSGetLastError()).toBe('0');
  });

  it('refuses everything after LMSFinish', () => {
    const api = started();
    api.LMSFinish('');
    expect(api.LMSInitialize('')).toBe('false');
    expect(api.LMSGetLastError()).toBe('101');
    get(api, 'cmi.core.student_id', '', '301');
    set(api, 'cmi.core.lesson_location', 'x', false, '301');
    expect(api.LMSCommit('')).toBe('false');
    expect(api.LMSFinish('')).toBe('false');
    expect(api.LMSGetLastError()).toBe('301');
  });

  it('gives error strings and diagnostics; unknown codes give the spec text', () => {
    const api = started();
    const strings: Record<string, string> = {
      '0': 'No error',
      '101': 'General exception',
      '201': 'Invalid argument error',
      '202': 'Element cannot have children',
      '203': 'Element not an array - cannot have count',
      '301': 'Not initialized',
      '401': 'Not implemented error',
      '402': 'Invalid set value, element is a keyword',
      '403': 'Element is read only',
      '404': 'Element is write only',
      '405': 'Incorrect data type',
    };
    for (const [code, text] of Object.entries(strings)) counted(() => expect(api.LMSGetErrorString(code)).toBe(text));
    expect(api.LMSGetErrorString('999')).toBe('Unknown error code.');
    expect(api.LMSGetErrorString('')).toBe('Unknown error code.');
    expect(api.LMSGetDiagnostic('999')).toBe('Unknown error code.');
    set(api, 'cmi.core.student_id', 'x', false, '403');
    expect(api.LMSGetDiagnostic('')).toMatch(/cmi\.core\.student_id is read-only/);
    expect(api.LMSGetDiagnostic('403')).toMatch(/read-only/);
    expect(api.LMSGetDiagnostic('405')).toBe('Incorrect data type');
  });

  it('returns "false"/"" with 101 instead of throwing when a host hook or argument misbehaves', () => {
    const api = new Scorm12Api({
      onSetValue: () => {
        throw new Error('host bug');
      },
    });
    api.LMSInitialize('');
    expect(api.LMSSetValue('cmi.core.lesson_location', 'a')).toBe('true');
    const evil = {
      toString() {
        throw new Error('evil');
      },
    };
    expect(() => api.LMSGetValue(evil)).not.toThrow();
    expect(api.LMSGetValue(evil)).toBe('');
    expect(api.LMSGetLastError()).toBe('101');
    expect(api.LMSSetValue('cmi.core.lesson_location', evil)).toBe('false');
    expect(api.LMSGetLastError()).toBe('101');
  });
});

describe('SCORM 1.2 data model (RTE 3.4)', () => {
  it('answers every _children', () => {
    const api = started();
    const children: Record<string, string> = {
      'cmi.core._children': 'student_id,student_name,lesson_location,credit,lesson_status,entry,score,total_time,lesson_mode,exit,session_time',
      'cmi.core.score._children': 'raw,min,max',
      'cmi.objectives._children': 'id,score,status',
      'cmi.student_data._children': 'mastery_score,max_time_allowed,time_limit_action',
      'cmi.student_preference._children': 'audio,language,speed,text',
      'cmi.interactions._children': 'id,objectives,time,type,correct_responses,weighting,student_response,result,latency',
    };
    for (const [element, value] of Object.entries(children)) {
      counted(() => get(api, element, value));
      counted(() => set(api, element, 'x', false, '402'));
    }
    set(api, 'cmi.objectives.0.id', 'obj-1', true);
    get(api, 'cmi.objectives.0.score._children', 'raw,min,max');
  });

  it('refuses _children and _count on elements that have none (202, 203) and unknown elements (201)', () => {
    const api = started();
    for (const element of ['cmi.core.lesson_location', 'cmi.core.student_id', 'cmi.suspend_data', 'cmi.launch_data', 'cmi.comments']) {
      counted(() => get(api, `${element}._children`, '', '202'));
      counted(() => get(api, `${element}._count`, '', '203'));
    }
    get(api, 'cmi.core._count', '', '203');
    for (const element of ['cmi.core.foo', 'cmi.bogus', 'cmi', '', 'cmi.objectives.x.id', 'adl.nav.request', 'cmi.core.score.scaled', 'cmi.completion_status']) {
      counted(() => get(api, element, '', '201'));
    }
    set(api, 'cmi.core.foo', '1', false, '201');
    set(api, '', '1', false, '201');
    set(api, 'cmi.objectives._count', '3', false, '402');
    set(api, 'cmi._version', '3.4', false, '403');
  });

  it('provides the LMS-owned read-only elements and refuses writes with 403', () => {
    const api = started({ launchData: 'chapter=2', masteryScore: 80, maxTimeAllowed: '00:30:00', timeLimitAction: 'exit,message', commentsFromLms: 'Welcome', credit: 'credit', mode: 'normal' });
    const readOnly: Record<string, string> = {
      'cmi._version': '3.4',
      'cmi.core.student_id': 'learner-7',
      'cmi.core.student_name': 'Doe, Jane',
      'cmi.core.credit': 'credit',
      'cmi.core.entry': 'ab-initio',
      'cmi.core.total_time': '0000:00:00',
      'cmi.core.lesson_mode': 'normal',
      'cmi.launch_data': 'chapter=2',
      'cmi.comments_from_lms': 'Welcome',
      'cmi.student_data.mastery_score': '80',
      'cmi.student_data.max_time_allowed': '00:30:00',
      'cmi.student_data.time_limit_action': 'exit,message',
    };
    for (const [element, value] of Object.entries(readOnly)) {
      counted(() => get(api, element, value));
      counted(() => set(api, element, value, false, '403'));
      counted(() => get(api, element, value));
    }
  });

  it('keeps write-only elements unreadable (404)', () => {
    const api = started();
    set(api, 'cmi.core.exit', 'suspend', true);
    set(api, 'cmi.core.session_time', '00:01:00', true);
    for (const element of ['cmi.core.exit', 'cmi.core.session_time']) counted(() => get(api, element, '', '404'));
  });

  it('validates lesson_location, suspend_data and comments as CMIString255 / CMIString4096', () => {
    const api = started();
    for (const [element, max] of [
      ['cmi.core.lesson_location', 255],
      ['cmi.suspend_data', 4096],
      ['cmi.comments', 4096],
      ['cmi.student_preference.language', 255],
    ] as const) {
      counted(() => get(api, element, ''));
      counted(() => set(api, element, '', true));
      counted(() => set(api, element, 'x'.repeat(max), true));
      counted(() => get(api, element, 'x'.repeat(max)));
      counted(() => set(api, element, 'y'.repeat(max + 1), false, '405'));
      counted(() => get(api, element, 'x'.repeat(max)));
    }
  });

  it('accepts the lesson_status vocabulary and refuses "not attempted" and others (405)', () => {
    const api = started();
    get(api, 'cmi.core.lesson_status', 'not attempted');
    for (const value of ['passed', 'completed', 'failed', 'incomplete', 'browsed']) {
      counted(() => set(api, 'cmi.core.lesson_status', value, true));
      counted(() => get(api, 'cmi.core.lesson_status', value));
    }
    for (const value of ['not attempted', 'Passed', 'done', '', 'unknown']) counted(() => set(api, 'cmi.core.lesson_status', value, false, '405'));
  });

  it('accepts the exit vocabulary only', () => {
    const api = started();
    for (const value of ['time-out', 'suspend', 'logout', '']) counted(() => set(api, 'cmi.core.exit', value, true));
    for (const value of ['normal', 'Suspend', 'quit']) counted(() => set(api, 'cmi.core.exit', value, false, '405'));
  });

  it('validates CMITimespan for session_time', () => {
    const api = started();
    for (const value of ['00:00:00', '0000:00:00.00', '12:34:56.7', '9999:59:59.99', '01:02:03']) counted(() => set(api, 'cmi.core.session_time', value, true));
    for (const value of ['1:00:00', '00:60:00', '00:00:60', '00:00', 'PT1M', '00:00:00.123', '', '10000:00:00']) {
      counted(() => set(api, 'cmi.core.session_time', value, false, '405'));
    }
  });

  it('validates scores as CMIDecimal 0..100 or blank', () => {
    const api = started();
    for (const element of ['cmi.core.score.raw', 'cmi.core.score.min', 'cmi.core.score.max']) {
      for (const value of ['0', '100', '55.5', '', '+3', '07']) counted(() => set(api, element, value, true));
      for (const value of ['-1', '100.01', 'abc', '1e2', '50%']) counted(() => set(api, element, value, false, '405'));
      counted(() => set(api, element, '42', true));
      counted(() => get(api, element, '42'));
    }
  });

  it('validates student_preference ranges', () => {
    const api = started();
    get(api, 'cmi.student_preference.audio', '0');
    get(api, 'cmi.student_preference.speed', '0');
    get(api, 'cmi.student_preference.text', '0');
    const ranges: Array<[string, string[], string[]]> = [
      ['cmi.student_preference.audio', ['-1', '0', '100', '50'], ['-2', '101', '1.5', 'loud']],
      ['cmi.student_preference.speed', ['-100', '0', '100'], ['-101', '101', '2.5']],
      ['cmi.student_preference.text', ['-1', '0', '1'], ['2', '-2', 'on']],
    ];
    for (const [element, good, bad] of ranges) {
      for (const value of good) {
        counted(() => set(api, element, value, true));
        counted(() => get(api, element, value));
      }
      for (const value of bad) counted(() => set(api, element, value, false, '405'));
    }
  });

  it('fills objectives in index order, with _count, ids, scores and status', () => {
    const api = started();
    get(api, 'cmi.objectives._count', '0');
    set(api, 'cmi.objectives.1.id', 'obj-2', false, '201');
    get(api, 'cmi.objectives.0.id', '', '201');
    set(api, 'cmi.objectives.0.id', 'obj 1', false, '405');
    set(api, 'cmi.objectives.0.id', 'obj-1', true);
    get(api, 'cmi.objectives._count', '1');
    get(api, 'cmi.objectives.0.id', 'obj-1');
    get(api, 'cmi.objectives.0.status', '');
    for (const value of ['passed', 'completed', 'failed', 'incomplete', 'browsed', 'not attempted']) {
      counted(() => set(api, 'cmi.objectives.0.status', value, true));
      counted(() => get(api, 'cmi.objectives.0.status', value));
    }
    set(api, 'cmi.objectives.0.status', 'unknown', false, '405');
    set(api, 'cmi.objectives.0.score.raw', '88', true);
    get(api, 'cmi.objectives.0.score.raw', '88');
    set(api, 'cmi.objectives.0.score.max', '101', false, '405');
    // 1.2 has no "id first" rule: the next objective may start with its score.
    set(api, 'cmi.objectives.1.score.raw', '10', true);
    get(api, 'cmi.objectives._count', '2');
    get(api, 'cmi.objectives.1.id', '');
    get(api, 'cmi.objectives.2.id', '', '201');
    set(api, 'cmi.objectives.01.id', 'x', false, '201');
  });

  it('records interactions as write-only with their types (RTE 3.4)', () => {
    const api = started();
    get(api, 'cmi.interactions._count', '0');
    const fields: Array<[string, string[], string[]]> = [
      ['id', ['q1', 'urn:x:1'], ['', 'has space']],
      ['time', ['12:30:00', '23:59:59.99'], ['24:00:00', '2004-01-01T00:00:00', '12:30']],
      ['type', ['true-false', 'choice', 'fill-in', 'matching', 'performance', 'sequencing', 'likert', 'numeric'], ['long-fill-in', 'other', '']],
      ['weighting', ['1', '-2.5', '0.75'], ['heavy', '']],
      ['student_response', ['a', 'x'.repeat(255), ''], ['y'.repeat(256)]],
      ['result', ['correct', 'wrong', 'unanticipated', 'neutral', '0.5'], ['incorrect', 'right']],
      ['latency', ['00:00:05', '0001:00:00.5'], ['PT5S', '5']],
    ];
    set(api, 'cmi.interactions.0.id', 'q1', true);
    for (const [field, good, bad] of fields) {
      const element = `cmi.interactions.0.${field}`;
      for (const value of good) counted(() => set(api, element, value, true));
      for (const value of bad) counted(() => set(api, element, value, false, '405'));
      counted(() => get(api, element, '', '404'));
    }
    set(api, 'cmi.interactions.0.objectives.0.id', 'obj-1', true);
    set(api, 'cmi.interactions.0.objectives.2.id', 'obj-3', false, '201');
    get(api, 'cmi.interactions.0.objectives._count', '1');
    get(api, 'cmi.interactions.0.objectives.0.id', '', '404');
    set(api, 'cmi.interactions.0.correct_responses.0.pattern', 'a', true);
    get(api, 'cmi.interactions.0.correct_responses._count', '1');
    get(api, 'cmi.interactions.0.correct_responses.0.pattern', '', '404');
    get(api, 'cmi.interactions._count', '1');
    set(api, 'cmi.interactions.2.id', 'q3', false, '201');
    get(api, 'cmi.interactions.1.objectives._count', '', '201');
    set(api, 'cmi.interactions.1.objectives.0.id', 'x', false, '201');
  });
});

describe('SCORM 1.2 sessions (RTE 3.4 entry, exit, total_time, lesson_status)', () => {
  function finishWith(options: Scorm12Options, body: (api: Scorm12Api) => void): TrackingData {
    let data: TrackingData | undefined;
    const api = started({ ...options, onTerminate: (d) => (data = d) });
    body(api);
    expect(api.LMSFinish('')).toBe('true');
    if (!data) throw new Error('no data');
    return data;
  }

  it('resumes after exit=suspend, accumulates total_time and never saves LMS-owned values', () => {
    const first = finishWith({}, (api) => {
      set(api, 'cmi.core.lesson_location', 'page-3', true);
      set(api, 'cmi.suspend_data', 'state', true);
      set(api, 'cmi.core.lesson_status', 'incomplete', true);
      set(api, 'cmi.core.session_time', '00:10:30.5', true);
      set(api, 'cmi.core.exit', 'suspend', true);
    });
    expect(first['cmi.core.total_time']).toBe('0000:10:30.50');
    expect(first['cmi.core.student_id']).toBeUndefined();
    const second = finishWith({ trackingData: first }, (api) => {
      get(api, 'cmi.core.entry', 'resume');
      get(api, 'cmi.core.lesson_location', 'page-3');
      get(api, 'cmi.suspend_data', 'state');
      get(api, 'cmi.core.total_time', '0000:10:30.50');
      get(api, 'cmi.core.lesson_status', 'incomplete');
      set(api, 'cmi.core.session_time', '01:00:00', true);
      set(api, 'cmi.core.exit', '', true);
    });
    expect(second['cmi.core.total_time']).toBe('0001:10:30.50');
    const third = new Scorm12Api({ trackingData: second });
    third.LMSInitialize('');
    get(third, 'cmi.core.entry', '');
  });

  it('completes a SCO that never set lesson_status, browses in browse mode', () => {
    expect(finishWith({}, () => undefined)['cmi.core.lesson_status']).toBe('completed');
    expect(finishWith({ mode: 'browse' }, () => undefined)['cmi.core.lesson_status']).toBe('browsed');
    expect(finishWith({}, (api) => set(api, 'cmi.core.lesson_status', 'incomplete', true))['cmi.core.lesson_status']).toBe('incomplete');
  });

  it('decides passed/failed from the mastery score when credit and a raw score are given', () => {
    expect(finishWith({ masteryScore: 80 }, (api) => set(api, 'cmi.core.score.raw', '85', true))['cmi.core.lesson_status']).toBe('passed');
    expect(finishWith({ masteryScore: 80 }, (api) => {
      set(api, 'cmi.core.lesson_status', 'completed', true);
      set(api, 'cmi.core.score.raw', '79.9', true);
    })['cmi.core.lesson_status']).toBe('failed');
    expect(finishWith({ masteryScore: 80, credit: 'no-credit' }, (api) => {
      set(api, 'cmi.core.lesson_status', 'completed', true);
      set(api, 'cmi.core.score.raw', '10', true);
    })['cmi.core.lesson_status']).toBe('completed');
    expect(finishWith({ masteryScore: 80 }, (api) => set(api, 'cmi.core.lesson_status', 'incomplete', true))['cmi.core.lesson_status']).toBe('incomplete');
  });

  it('counts its checks', () => {
    console.log(`[scorm12] ${checks} table-driven element checks (plus the scenario assertions above)`);
    expect(checks).toBeGreaterThan(150);
  });
});
