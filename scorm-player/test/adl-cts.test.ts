// ADL SCORM 2004 4th Edition LMS RTE test suite (fixtures/scorm/adl-cts): every scripted call of
// the API, DMB, DMI and DDM test cases, replayed against our SCORM 2004 API.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAdlSuite, type AdlSuite } from './adl/suite.js';
import { replayScript, type ReplayReport } from './adl/replay.js';

const CASES = ['API', 'DMB', 'DMI', 'DDM'] as const;

let suite: AdlSuite;

beforeAll(async () => {
  suite = await loadAdlSuite(CASES);
});

describe('ADL SCORM 2004 4th Ed LMS RTE test cases', () => {
  const totals = { checked: 0, anyValue: 0, harnessTerminates: 0, ignored: 0 };

  for (const name of CASES) {
    it(`${name}: every scripted call returns the expected value and error code`, () => {
      const script = suite.scripts.get(name);
      expect(script, `${name}.properties in the zip`).toBeDefined();
      if (!script) return;
      const report: ReplayReport = { checked: 0, anyValue: 0, harnessTerminates: 0, ignored: [], mismatches: [] };
      replayScript(suite, script, report);
      totals.checked += report.checked;
      totals.anyValue += report.anyValue;
      totals.harnessTerminates += report.harnessTerminates;
      totals.ignored += report.ignored.length;
      console.log(
        `[adl-cts] ${name}: ${report.checked} calls checked (value and error code) in ${script.visits.length} SCO visits; ` +
          `${report.anyValue} calls whose script accepts any value ("${'Returned a valid value or error code'}"); ` +
          `${report.harnessTerminates} harness Terminate calls; ${report.ignored.length} script lines without a call token (ignored by the suite's LMSParser too)` +
          (report.ignored.length ? `: ${report.ignored.join(' | ')}` : ''),
      );
      expect(report.checked).toBeGreaterThan(0);
      expect(report.mismatches.slice(0, 40)).toEqual([]);
    });
  }

  it('prints the totals', () => {
    console.log(
      `[adl-cts] total: ${totals.checked} scripted calls checked (value and error code), ${totals.anyValue} any-value calls, ` +
        `${totals.harnessTerminates} harness Terminate calls, ${totals.ignored} ignored lines`,
    );
    expect(totals.checked).toBeGreaterThan(8000);
  });
});
