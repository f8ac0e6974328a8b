// SCORM 2004 behaviour the ADL scripts do not reach: LMS-provided values, navigation requests
// surfaced to the host, request_valid from a NavigationHandler, and the never-throw guarantee.
import { describe, expect, it } from 'vitest';
import { Scorm2004Api, type Scorm2004Options } from '../src/scorm2004/api.js';
import { createFlowNavigation } from '../src/runtime/flow-navigation.js';
import type { NavigationRequest } from '../src/runtime/navigation.js';

function started(options: Scorm2004Options = {}): Scorm2004Api {
  const api = new Scorm2004Api(options);
  expect(api.Initialize('')).toBe('true');
  return api;
}

describe('SCORM 2004 API', () => {
  it('follows the state machine with its error codes', () => {
    const api = new Scorm2004Api();
    expect(api.GetValue('cmi.location')).toBe('');
    expect(api.GetLastError()).toBe('122');
    expect(api.SetValue('cmi.location', 'x')).toBe('false');
    expect(api.GetLastError()).toBe('132');
    expect(api.Commit('')).toBe('false');
    expect(api.GetLastError()).toBe('142');
    expect(api.Terminate('')).toBe('false');
    expect(api.GetLastError()).toBe('112');
    expect(api.Initialize('x')).toBe('false');
    expect(api.GetLastError()).toBe('201');
    expect(api.Initialize('')).toBe('true');
    expect(api.Initialize('')).toBe('false');
    expect(api.GetLastError()).toBe('103');
    expect(api.Commit('x')).toBe('false');
    expect(api.GetLastError()).toBe('201');
    expect(api.Terminate('x')).toBe('false');
    expect(api.GetLastError()).toBe('201');
    expect(api.Terminate('')).toBe('true');
    expect(api.Terminate('')).toBe('false');
    expect(api.GetLastError()).toBe('113');
    expect(api.Initialize('')).toBe('false');
    expect(api.GetLastError()).toBe('104');
    expect(api.GetValue('cmi.location')).toBe('');
    expect(api.GetLastError()).toBe('123');
    expect(api.SetValue('cmi.location', 'x')).toBe('false');
    expect(api.GetLastError()).toBe('133');
    expect(api.Commit('')).toBe('false');
    expect(api.GetLastError()).toBe('143');
  });

  it('gives the spec strings, "" for unknown codes and a useful diagnostic', () => {
    const api = started();
    expect(api.GetErrorString('0')).toBe('No Error');
    expect(api.GetErrorString('408')).toBe('Dependency Not Established');
    expect(api.GetErrorString('999')).toBe('');
    expect(api.SetValue('cmi.interactions.0.type', 'choice')).toBe('false');
    expect(api.GetLastError()).toBe('408');
    expect(api.GetDiagnostic('')).toBe('cmi.interactions.0.id must be set before cmi.interactions.0.type.');
    expect(api.SetValue('cmi.score.scaled', '2')).toBe('false');
    expect(api.GetDiagnostic('407')).toMatch(/outside the range/);
  });

  it('provides the LMS values from the launch options', () => {
    const api = started({
      learnerId: 'L-1',
      learnerName: 'Doe, Jane',
      launchData: 'start=2',
      credit: 'no-credit',
      mode: 'review',
      maxTimeAllowed: 'PT30M',
      timeLimitAction: 'exit,message',
      completionThreshold: '0.75',
      scaledPassingScore: '0.5',
      commentsFromLms: [{ comment: '{lang=en}Welcome', location: 'intro', timestamp: '2024-01-01T10:00:00' }],
      learnerPreference: { language: 'fr' },
    });
    const expected: Record<string, string> = {
      'cmi._version': '1.0',
      'cmi.learner_id': 'L-1',
      'cmi.learner_name': 'Doe, Jane',
      'cmi.launch_data': 'start=2',
      'cmi.credit': 'no-credit',
      'cmi.mode': 'review',
      'cmi.entry': 'ab-initio',
      'cmi.max_time_allowed': 'PT30M',
      'cmi.time_limit_action': 'exit,message',
      'cmi.completion_threshold': '0.75',
      'cmi.scaled_passing_score': '0.5',
      'cmi.total_time': 'PT0H0M0S',
      'cmi.comments_from_lms._count': '1',
      'cmi.comments_from_lms.0.comment': '{lang=en}Welcome',
      'cmi.comments_from_lms.0.location': 'intro',
      'cmi.learner_preference.language': 'fr',
      'cmi.learner_preference.audio_level': '1',
      'adl.nav.request': '_none_',
    };
    for (const [element, value] of Object.entries(expected)) {
      expect(api.GetValue(element), element).toBe(value);
      expect(api.GetLastError(), element).toBe('0');
      const writable = element.startsWith('cmi.learner_preference') || element === 'adl.nav.request';
      expect(api.SetValue(element, value), element).toBe(writable ? 'true' : 'false');
      expect(api.GetLastError(), element).toBe(writable ? '0' : '404');
    }
    expect(api.GetValue('cmi.launch_data._children')).toBe('');
    expect(api.GetLastError()).toBe('301');
  });

  it('answers request_valid from the navigation handler and reports the request at Terminate', () => {
    const requests: NavigationRequest[] = [];
    const api = started({
      navigation: createFlowNavigation({ activities: ['a', 'b', 'c'], current: 'b', flow: true, choice: false }),
      onNavigationRequest: (r) => requests.push(r),
    });
    expect(api.GetValue('adl.nav.request_valid.continue')).toBe('true');
    expect(api.GetValue('adl.nav.request_valid.previous')).toBe('true');
    expect(api.GetValue('adl.nav.request_valid.choice.{target=c}')).toBe('false');
    expect(api.GetValue('adl.nav.request_valid.jump.{target=a.b.c}')).toBe('false');
    expect(api.GetValue('adl.nav.request_valid.choice.c')).toBe('');
    expect(api.GetLastError()).toBe('401');
    expect(api.SetValue('adl.nav.request_valid.continue', 'true')).toBe('false');
    expect(api.GetLastError()).toBe('404');
    for (const bad of ['choice', 'jump', '{target=}choice', 'next', 'suspendall']) {
      expect(api.SetValue('adl.nav.request', bad), bad).toBe('false');
      expect(api.GetLastError()).toBe('406');
    }
    expect(api.SetValue('adl.nav.request', '{target=c}jump')).toBe('true');
    expect(requests).toEqual([]);
    api.Terminate('');
    expect(requests).toEqual([{ kind: 'jump', target: 'c' }]);
    const flat = started({ navigation: createFlowNavigation({ activities: ['a'], current: 'a' }) });
    expect(flat.GetValue('adl.nav.request_valid.continue')).toBe('false');
    expect(flat.GetValue('adl.nav.request_valid.choice.{target=a}')).toBe('true');
    expect(started().GetValue('adl.nav.request_valid.continue')).toBe('unknown');
  });

  it('never throws into the content', () => {
    const api = started({
      onCommit: () => {
        throw new Error('host bug');
      },
    });
    const hostile = {
      toString(): string {
        throw new Error('hostile');
      },
    };
    const original = console.error;
    console.error = () => undefined;
    try {
      expect(api.Commit('')).toBe('true');
      expect(api.GetValue(hostile)).toBe('');
      expect(api.GetLastError()).toBe('101');
      expect(api.SetValue('cmi.location', hostile)).toBe('false');
      expect(api.GetErrorString(hostile)).toBe('');
      expect(api.GetDiagnostic(hostile)).toBe('');
      expect(api.GetValue(undefined)).toBe('');
      expect(api.GetLastError()).toBe('301');
      expect(api.SetValue(undefined, undefined)).toBe('false');
      expect(api.GetLastError()).toBe('351');
    } finally {
      console.error = original;
    }
  });
});
