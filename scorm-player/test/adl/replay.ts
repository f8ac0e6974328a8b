// Replays decoded ADL test scripts against our SCORM 2004 API, one API instance per SCO visit,
// carrying each activity's saved data from visit to visit the way an LMS does.
import { Scorm2004Api } from '../../src/scorm2004/api.js';
import type { TrackingData } from '../../src/runtime/api-state.js';
import { createFlowNavigation } from '../../src/runtime/flow-navigation.js';
import type { AdlSuite, Manifest, ScriptedCall, TestScript } from './suite.js';

export const LEARNER = { id: 'adl-cts-learner-01', name: 'Testtaker, Joe' };

export interface Mismatch {
  readonly script: string;
  readonly visit: string;
  readonly key: string;
  readonly call: string;
  readonly expected: string;
  readonly actual: string;
}

export interface ReplayReport {
  /** Scripted calls whose return value and error code were both checked. */
  checked: number;
  /**
   * Calls whose script expects "Returned a valid value or error code": values the suite cannot
   * know (comments_from_lms, which no manifest element provides). The call is made; only that it
   * returns a string and a numeric error code is checked.
   */
  anyValue: number;
  /** Terminate calls the harness makes at the end of a visit (the suite's SCOs do so themselves). */
  harnessTerminates: number;
  /** Script lines the suite's own LMSParser ignores (no call token). */
  ignored: string[];
  mismatches: Mismatch[];
}

const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)$/;
const ANY_VALUE = 'Returned a valid value or error code';
// Elements of type real(10,7) (RTE 4.2): the suite compares them as numbers ("0.0" equals "0").
const REAL_ELEMENT = /\.(scaled|raw|min|max|progress_measure|weighting|completion_threshold|scaled_passing_score|audio_level|delivery_speed|result|learner_response|pattern)$/;
// RTE cmi.interactions.n.correct_responses: the leading {case_matters=}, {order_matters=} and {lang=} delimiters may come in
// any order and default to false, true and "en": the suite compares typed responses by meaning.
function canonicalResponse(value: string): string {
  const settings: Record<string, string> = { case_matters: 'false', order_matters: 'true', lang: 'en' };
  let rest = value;
  for (let m = /^\{(case_matters|order_matters|lang)=([^}]*)\}/.exec(rest); m; m = /^\{(case_matters|order_matters|lang)=([^}]*)\}/.exec(rest)) {
    settings[m[1]] = m[1] === 'lang' ? m[2].toLowerCase() : m[2];
    rest = rest.slice(m[0].length);
  }
  return `${settings.case_matters}|${settings.order_matters}|${settings.lang}|${rest}`;
}

function sameMeaning(call: ScriptedCall, expected: string, actual: string): boolean {
  if (actual === expected) return true;
  if (call.arg.endsWith('._children')) return [...expected.split(',')].sort().join() === [...actual.split(',')].sort().join();
  if (REAL_ELEMENT.test(call.arg) && DECIMAL.test(expected) && DECIMAL.test(actual)) return Number(expected) === Number(actual);
  if (call.expectedType === 'fill-in' || call.expectedType === 'long-fill-in' || call.expectedType === 'performance') {
    return canonicalResponse(expected) === canonicalResponse(actual);
  }
  return false;
}

function valueMatches(call: ScriptedCall, actual: string): boolean {
  const expected =
    call.expected === '@learner_id' ? LEARNER.id : call.expected === '@learner_name' ? LEARNER.name : call.expected;
  if (call.call === 'GetErrorString' || call.call === 'GetDiagnostic') {
    if (expected === 'less255') return actual.length < 255;
    if (expected === 'emptyCS') return actual === '';
  }
  return sameMeaning(call, expected, actual);
}

/** The package (manifest) an activity belongs to: DDM activities "1a"/"2b" live in DDMa/DDMb. */
function packageOf(script: string, activity: string): string {
  const suffix = /[a-z]$/.exec(activity)?.[0];
  return suffix ? `${script}${suffix}` : script;
}

export function replayScript(suite: AdlSuite, script: TestScript, report: ReplayReport): void {
  const saved = new Map<string, TrackingData | undefined>();
  const systemBuckets = new Map<string, string>();
  const packageBuckets = new Map<string, Map<string, string>>();
  report.ignored.push(...script.ignored);

  for (const visit of script.visits) {
    const pkg = packageOf(script.name, visit.activity);
    const manifest: Manifest | undefined = suite.manifests.get(pkg);
    if (!manifest) throw new Error(`no manifest for ${pkg}`);
    const index = parseInt(visit.activity, 10) - 1;
    const item = manifest.items[index];
    if (!item || item.identifier !== `activity_${index + 1}`) throw new Error(`${pkg} has no activity_${index + 1}`);
    const stateKey = `${pkg}/${item.identifier}`;
    let buckets = systemBuckets;
    if (!manifest.sharedDataGlobalToSystem) {
      buckets = packageBuckets.get(pkg) ?? new Map();
      packageBuckets.set(pkg, buckets);
    }
    let final: TrackingData | undefined;
    const api = new Scorm2004Api({
      learnerId: LEARNER.id,
      learnerName: LEARNER.name,
      launchData: item.launchData,
      timeLimitAction: item.timeLimitAction,
      maxTimeAllowed: item.maxTimeAllowed,
      completionThreshold: item.completionThreshold,
      scaledPassingScore: item.scaledPassingScore,
      sharedData: { maps: item.sharedMaps, buckets },
      navigation: createFlowNavigation({
        activities: manifest.items.map((i) => i.identifier),
        current: item.identifier,
        flow: manifest.flow,
        choice: manifest.choice,
      }),
      trackingData: saved.get(stateKey),
      onTerminate: (data) => {
        final = data;
      },
    });
    const visitName = `Act${visit.activity}V${visit.visit}`;
    for (const call of visit.calls) {
      const actual = invoke(api, call, (element) => element.replace(/&([^&]+)&/g, (_, id: string) => String(item.sharedMaps.findIndex((m) => m.targetId === id))));
      const code = api.GetLastError();
      if (call.expected === ANY_VALUE) {
        report.anyValue++;
        if (typeof actual === 'string' && /^\d+$/.test(code)) continue;
      } else report.checked++;
      if (call.expected === ANY_VALUE || !valueMatches(call, actual) || code !== call.expectedCode) {
        report.mismatches.push({
          script: script.name,
          visit: visitName,
          key: call.key,
          call: `${call.call}(${call.arg.slice(0, 80)}${call.value !== undefined ? `, ${call.value.slice(0, 80)}` : ''})`,
          expected: `${call.expected.slice(0, 80)} / ${call.expectedCode}`,
          actual: `${actual.slice(0, 80)} / ${code}`,
        });
      }
    }
    if (api.apiState === 'running') {
      report.harnessTerminates++;
      if (api.Terminate('') !== 'true') {
        report.mismatches.push({ script: script.name, visit: visitName, key: 'harness Terminate', call: 'Terminate()', expected: 'true / 0', actual: `false / ${api.GetLastError()}` });
      }
    }
    saved.set(stateKey, final);
    // SN 4.2: an exitAll ends the attempt on the whole course: every activity starts over, and
    // shared data that is not global to the system belongs to that course attempt.
    if (final?.['adl.nav.request'] === 'exitAll') {
      for (const key of [...saved.keys()]) if (key.startsWith(`${pkg}/`)) saved.delete(key);
      packageBuckets.delete(pkg);
    }
  }
}

function invoke(api: Scorm2004Api, call: ScriptedCall, resolve: (element: string) => string): string {
  switch (call.call) {
    case 'Initialize':
      return api.Initialize(call.arg);
    case 'Terminate':
      return api.Terminate(call.arg);
    case 'Commit':
      return api.Commit(call.arg);
    case 'GetValue':
      return api.GetValue(resolve(call.arg));
    case 'SetValue':
      return api.SetValue(resolve(call.arg), call.value);
    case 'GetLastError':
      return api.GetLastError();
    case 'GetErrorString':
      return api.GetErrorString(call.arg);
    case 'GetDiagnostic':
      return api.GetDiagnostic(call.arg);
  }
}
