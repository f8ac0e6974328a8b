// GetValue / SetValue operations per second: scorm-player beside scorm-again 3.4.3, same process,
// same call sequences (a typical SCO's mix: bookmark, suspend data, score, status, interactions).
import { Scorm12API, Scorm2004API } from 'scorm-again';
import { Scorm12Api } from '../src/scorm12/api.js';
import { Scorm2004Api } from '../src/scorm2004/api.js';

interface Api12 {
  LMSInitialize(a: string): string;
  LMSGetValue(e: string): string;
  LMSSetValue(e: string, v: string): string;
}
interface Api2004 {
  Initialize(a: string): string;
  GetValue(e: string): string;
  SetValue(e: string, v: string): string;
}

const INTERACTIONS = 20;

const sets12: Array<[string, string]> = [
  ['cmi.core.lesson_location', '7'],
  ['cmi.suspend_data', 'page=7;answers=abcabcabc'],
  ['cmi.core.score.raw', '85'],
  ['cmi.core.lesson_status', 'incomplete'],
  ['cmi.core.session_time', '00:12:30'],
  ['cmi.student_preference.audio', '50'],
];
const gets12 = ['cmi.core.lesson_location', 'cmi.suspend_data', 'cmi.core.score.raw', 'cmi.core.lesson_status', 'cmi.core.student_id', 'cmi.core.entry', 'cmi.interactions._count', 'cmi.core._children'];

const sets2004: Array<[string, string]> = [
  ['cmi.location', '7'],
  ['cmi.suspend_data', 'page=7;answers=abcabcabc'],
  ['cmi.score.scaled', '0.85'],
  ['cmi.score.raw', '85'],
  ['cmi.progress_measure', '0.5'],
  ['cmi.completion_status', 'incomplete'],
  ['cmi.session_time', 'PT12M30S'],
  ['cmi.interactions.3.learner_response', 'a[,]b'],
  ['cmi.interactions.5.result', 'correct'],
  ['cmi.interactions.7.timestamp', '2024-03-01T10:00:00'],
];
const gets2004 = ['cmi.location', 'cmi.suspend_data', 'cmi.score.scaled', 'cmi.completion_status', 'cmi.success_status', 'cmi.learner_id', 'cmi.entry', 'cmi.interactions._count', 'cmi.interactions.3.learner_response', 'cmi.score._children'];

function prepare12(api: Api12): Api12 {
  api.LMSInitialize('');
  for (let i = 0; i < INTERACTIONS; i++) {
    api.LMSSetValue(`cmi.interactions.${i}.id`, `q${i}`);
    api.LMSSetValue(`cmi.interactions.${i}.type`, 'choice');
  }
  for (const [e, v] of sets12) api.LMSSetValue(e, v);
  return api;
}

function prepare2004(api: Api2004): Api2004 {
  api.Initialize('');
  for (let i = 0; i < INTERACTIONS; i++) {
    api.SetValue(`cmi.interactions.${i}.id`, `q${i}`);
    api.SetValue(`cmi.interactions.${i}.type`, 'choice');
  }
  for (const [e, v] of sets2004) api.SetValue(e, v);
  return api;
}

function opsPerSecond(op: (i: number) => void): number {
  for (let i = 0; i < 20_000; i++) op(i);
  let n = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < 800) {
    for (let i = 0; i < 2000; i++) op(n++);
    elapsed = performance.now() - start;
  }
  return (n / elapsed) * 1000;
}

function check(label: string, value: string, expected: string): void {
  if (value !== expected) throw new Error(`${label}: expected ${expected}, got ${value}`);
}

const quiet = { logLevel: 5, autocommit: false } as const;
const impl12: Array<[string, () => Api12]> = [
  ['scorm-player', () => new Scorm12Api()],
  ['scorm-again 3.4.3', () => new Scorm12API(quiet) as unknown as Api12],
];
const impl2004: Array<[string, () => Api2004]> = [
  ['scorm-player', () => new Scorm2004Api()],
  ['scorm-again 3.4.3', () => new Scorm2004API(quiet) as unknown as Api2004],
];

const rows: Array<[string, string, number]> = [];
for (const [name, make] of impl12) {
  const api = prepare12(make());
  check(`${name} 1.2 get`, api.LMSGetValue('cmi.core.lesson_location'), '7');
  rows.push([name, 'SCORM 1.2 LMSGetValue', opsPerSecond((i) => void api.LMSGetValue(gets12[i % gets12.length]))]);
  rows.push([name, 'SCORM 1.2 LMSSetValue', opsPerSecond((i) => void api.LMSSetValue(sets12[i % sets12.length][0], sets12[i % sets12.length][1]))]);
}
for (const [name, make] of impl2004) {
  const api = prepare2004(make());
  check(`${name} 2004 get`, api.GetValue('cmi.interactions.3.learner_response'), 'a[,]b');
  rows.push([name, 'SCORM 2004 GetValue', opsPerSecond((i) => void api.GetValue(gets2004[i % gets2004.length]))]);
  rows.push([name, 'SCORM 2004 SetValue', opsPerSecond((i) => void api.SetValue(sets2004[i % sets2004.length][0], sets2004[i % sets2004.length][1]))]);
}

console.log(`Node ${process.version}; ${INTERACTIONS} interactions recorded before measuring; ~0.8 s per row\n`);
console.log(`${'operation'.padEnd(24)} ${'scorm-player'.padStart(16)} ${'scorm-again 3.4.3'.padStart(20)} ${'ratio'.padStart(8)}`);
for (const op of [...new Set(rows.map((r) => r[1]))]) {
  const ours = rows.find((r) => r[0] === 'scorm-player' && r[1] === op)?.[2] ?? 0;
  const theirs = rows.find((r) => r[0] !== 'scorm-player' && r[1] === op)?.[2] ?? 0;
  const fmt = (n: number) => `${Math.round(n).toLocaleString('en-US')} ops/s`;
  console.log(`${op.padEnd(24)} ${fmt(ours).padStart(16)} ${fmt(theirs).padStart(20)} ${`${(ours / theirs).toFixed(1)}x`.padStart(8)}`);
}
