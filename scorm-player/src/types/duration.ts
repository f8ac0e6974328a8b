// Time and duration types of both run-time environments.
// Durations are handled in hundredths of a second: the finest precision either
// standard asks for (SCORM 2004 RTE 4.2 timeinterval (second,10,2); SCORM 1.2
// CMITimespan allows two decimal places on seconds).

const SCORM12_TIMESPAN = /^(\d{2,4}):([0-5]\d):([0-5]\d)(\.\d{1,2})?$/;
// SCORM 2004 RTE 4.2 timeinterval (second,10,2): ISO 8601 duration P[nY][nM][nD][T[nH][nM][n[.n]S]].
const ISO_DURATION = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d{1,2})?)S)?)?$/;

/** SCORM 1.2 CMITimespan: HHHH:MM:SS.SS (hours 2 to 4 digits, optional 1 or 2 decimals). */
export function isScorm12Timespan(value: string): boolean {
  return SCORM12_TIMESPAN.test(value);
}

/** SCORM 1.2 CMITime: HH:MM:SS.SS, a time of day. */
export function isScorm12Time(value: string): boolean {
  return /^([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(\.\d{1,2})?$/.test(value);
}

export function parseScorm12Timespan(value: string): number {
  const match = SCORM12_TIMESPAN.exec(value);
  if (!match) return 0;
  const [, h, m, s, frac] = match;
  return (Number(h) * 3600 + Number(m) * 60 + Number(s)) * 100 + fractionToHundredths(frac);
}

function fractionToHundredths(fraction: string | undefined): number {
  if (!fraction) return 0;
  return Math.round(Number(fraction) * 100);
}

/** HHHH:MM:SS.SS as SCORM 1.2 writes cmi.core.total_time (hours padded to at least 4 digits). */
export function formatScorm12Timespan(hundredths: number): string {
  const total = Math.max(0, Math.round(hundredths));
  const cs = total % 100;
  const seconds = Math.floor(total / 100);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const hours = String(h).padStart(4, '0');
  const base = `${hours}:${pad2(m)}:${pad2(s)}`;
  return cs ? `${base}.${pad2(cs)}` : base;
}

/** HH:MM:SS, the platform's time_spent format (hours grow past 99 if needed). */
export function formatClock(hundredths: number): string {
  const seconds = Math.floor(Math.max(0, hundredths) / 100);
  const h = Math.floor(seconds / 3600);
  return `${pad2(h)}:${pad2(Math.floor((seconds % 3600) / 60))}:${pad2(seconds % 60)}`;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** SCORM 2004 RTE 4.2 timeinterval (second,10,2). "P" alone and a "T" with nothing after it are invalid. */
export function isIsoDuration(value: string): boolean {
  if (value === 'P' || value.endsWith('T')) return false;
  return ISO_DURATION.test(value);
}

// Years and months have no fixed length; ISO 8601 leaves it to the application.
// Like the ADL sample RTE we count a year as 365 days and a month as 30 days.
const SECONDS_PER = { Y: 365 * 86400, M: 30 * 86400, D: 86400, H: 3600, MIN: 60 } as const;

export function parseIsoDuration(value: string): number {
  const match = ISO_DURATION.exec(value);
  if (!match || value === 'P' || value.endsWith('T')) return 0;
  const [, y, mo, d, h, mi, s] = match;
  const whole =
    Number(y ?? 0) * SECONDS_PER.Y +
    Number(mo ?? 0) * SECONDS_PER.M +
    Number(d ?? 0) * SECONDS_PER.D +
    Number(h ?? 0) * SECONDS_PER.H +
    Number(mi ?? 0) * SECONDS_PER.MIN;
  return whole * 100 + Math.round(Number(s ?? 0) * 100);
}

/** Canonical ISO 8601 duration with days, hours, minutes and seconds; zero parts omitted ("PT0H0M0S" for zero). */
export function formatIsoDuration(hundredths: number): string {
  const total = Math.max(0, Math.round(hundredths));
  if (total === 0) return 'PT0H0M0S';
  const cs = total % 100;
  let seconds = Math.floor(total / 100);
  const days = Math.floor(seconds / 86400);
  seconds -= days * 86400;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  let out = 'P';
  if (days) out += `${days}D`;
  if (h || m || s || cs) {
    out += 'T';
    if (h) out += `${h}H`;
    if (m) out += `${m}M`;
    if (s || cs) out += cs ? `${s}.${pad2(cs).replace(/0$/, '')}S` : `${s}S`;
  }
  return out;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
// SCORM 2004 RTE 4.2 time (second,10,0): YYYY[-MM[-DD[Thh[:mm[:ss[.s[TZD]]]]]]], year 1970..2038;
// the time zone designator may only follow fractional seconds.
const ISO_TIME =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2})(?:\.\d{1,2}(?:Z|[+-](\d{2})(?::(\d{2}))?)?)?)?)?)?)?)?$/;

export function isIsoTime(value: string): boolean {
  const match = ISO_TIME.exec(value);
  if (!match) return false;
  const [, y, mo, d, h, mi, s, tzh, tzm] = match;
  const year = Number(y);
  if (year < 1970 || year > 2038) return false;
  if (mo !== undefined) {
    const month = Number(mo);
    if (month < 1 || month > 12) return false;
    if (d !== undefined) {
      const day = Number(d);
      if (day < 1 || day > DAYS_IN_MONTH[month - 1]) return false;
      if (month === 2 && day === 29 && !isLeapYear(year)) return false;
    }
  }
  if (h !== undefined && Number(h) > 23) return false;
  if (mi !== undefined && Number(mi) > 59) return false;
  if (s !== undefined && Number(s) > 59) return false;
  if (tzh !== undefined && Number(tzh) > 23) return false;
  if (tzm !== undefined && Number(tzm) > 59) return false;
  return true;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
