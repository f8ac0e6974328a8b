// Property tests for every value type validator: generated valid values are accepted,
// generated invalid ones rejected, and time formats round-trip.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatIsoDuration,
  formatScorm12Timespan,
  isIsoDuration,
  isIsoTime,
  isScorm12Time,
  isScorm12Timespan,
  parseIsoDuration,
  parseScorm12Timespan,
} from '../src/types/duration.js';
import { isCorrectResponsePattern, isLearnerResponse } from '../src/types/responses.js';
import { decimalInRange, isDecimal, isIdentifier, isLanguage, isLocalizedString, isScorm12Identifier, splitLocalized } from '../src/types/values.js';
import { ISO_639_1, ISO_639_2 } from '../src/types/languages.js';
import { Scorm2004Api } from '../src/scorm2004/api.js';
import { Scorm12Api } from '../src/scorm12/api.js';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
const twoLetter = Array.from({ length: ISO_639_1.length / 2 }, (_, i) => ISO_639_1.slice(i * 2, i * 2 + 2));
const threeLetter = Array.from({ length: ISO_639_2.length / 3 }, (_, i) => ISO_639_2.slice(i * 3, i * 3 + 3));
const languageCode = fc.constantFrom(...twoLetter, ...threeLetter, 'i', 'x');
const subtag = fc.stringMatching(/^[a-zA-Z0-9]{1,8}$/);
const languageTag = fc.tuple(languageCode, fc.array(subtag, { maxLength: 3 })).map(([code, rest]) => [code, ...rest].join('-'));
const identifier = fc.stringMatching(/^[A-Za-z0-9\-._~:/?#@!$&'()*+,;=%]{1,40}$/).filter((s) => !/^urn:/i.test(s));

describe('SCORM 1.2 CMITimespan and CMITime', () => {
  it('accepts HHHH:MM:SS.SS and round-trips through hundredths', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }), fc.option(digits(1, 2)), fc.integer({ min: 2, max: 4 }), (h, m, s, frac, width) => {
        fc.pre(String(h).length <= width);
        const value = `${pad(h, width)}:${pad(m)}:${pad(s)}${frac ? `.${frac}` : ''}`;
        expect(isScorm12Timespan(value)).toBe(true);
        const hundredths = parseScorm12Timespan(value);
        expect(parseScorm12Timespan(formatScorm12Timespan(hundredths))).toBe(hundredths);
      }),
    );
  });

  it('rejects out-of-range minutes/seconds, one-digit hours and three decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 60, max: 99 }), fc.integer({ min: 0, max: 59 }), (bad, ok) => {
        expect(isScorm12Timespan(`00:${bad}:${pad(ok)}`)).toBe(false);
        expect(isScorm12Timespan(`00:${pad(ok)}:${bad}`)).toBe(false);
        expect(isScorm12Timespan(`0:${pad(ok)}:${pad(ok)}`)).toBe(false);
        expect(isScorm12Timespan(`00:${pad(ok)}:${pad(ok)}.123`)).toBe(false);
      }),
    );
  });

  it('accepts a time of day and rejects hours past 23', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 24, max: 99 }), (h, m, s, badH) => {
        expect(isScorm12Time(`${pad(h)}:${pad(m)}:${pad(s)}`)).toBe(true);
        expect(isScorm12Time(`${badH}:${pad(m)}:${pad(s)}`)).toBe(false);
      }),
    );
  });
});

describe('SCORM 2004 timeinterval (ISO 8601 duration)', () => {
  const part = fc.option(fc.integer({ min: 0, max: 9999 }), { nil: undefined });
  it('accepts every combination of components and parses them', () => {
    fc.assert(
      fc.property(part, part, part, part, part, fc.option(fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.option(digits(1, 2))), { nil: undefined }), (y, mo, d, h, mi, s) => {
        const date = `${y !== undefined ? `${y}Y` : ''}${mo !== undefined ? `${mo}M` : ''}${d !== undefined ? `${d}D` : ''}`;
        const time = `${h !== undefined ? `${h}H` : ''}${mi !== undefined ? `${mi}M` : ''}${s ? `${s[0]}${s[1] ? `.${s[1]}` : ''}S` : ''}`;
        fc.pre(date !== '' || time !== '');
        const value = `P${date}${time ? `T${time}` : ''}`;
        expect(isIsoDuration(value)).toBe(true);
        expect(isIsoDuration(`${value}T`)).toBe(false);
        expect(isIsoDuration(`-${value}`)).toBe(false);
        expect(parseIsoDuration(value)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('formats canonically and round-trips any number of hundredths', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), (n) => {
        const text = formatIsoDuration(n);
        expect(isIsoDuration(text)).toBe(true);
        expect(parseIsoDuration(text)).toBe(n);
      }),
    );
  });

  it('rejects P, PT, three decimals and time parts outside T', () => {
    for (const value of ['P', 'PT', 'PT1.234S', 'P1H', 'PT1D', '1H', 'P1S', 'P-1D', 'PT1,5S']) expect(isIsoDuration(value), value).toBe(false);
  });
});

describe('SCORM 2004 time (second,10,0)', () => {
  const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = (y: number, m: number) => [31, leap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
  const date = fc
    .tuple(fc.integer({ min: 1970, max: 2038 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }))
    .filter(([y, m, d]) => d <= days(y, m));

  it('accepts every truncation of a valid timestamp; the zone only after fractional seconds', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }), digits(1, 2), fc.constantFrom('Z', '+02', '-03:00', '+14:30'), ([y, m, d], h, mi, s, frac, zone) => {
        const full = `${y}-${pad(m)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}.${frac}${zone}`;
        for (const value of [`${y}`, `${y}-${pad(m)}`, `${y}-${pad(m)}-${pad(d)}`, `${y}-${pad(m)}-${pad(d)}T${pad(h)}`, `${y}-${pad(m)}-${pad(d)}T${pad(h)}:${pad(mi)}`, full]) {
          expect(isIsoTime(value), value).toBe(true);
        }
        expect(isIsoTime(`${y}-${pad(m)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}${zone}`)).toBe(false);
      }),
    );
  });

  it('rejects years outside 1970..2038 and impossible dates', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 1000, max: 1969 }), fc.integer({ min: 2039, max: 9999 })), (y) => {
        expect(isIsoTime(`${y}-01-01`)).toBe(false);
      }),
    );
    for (const value of ['2001-02-29', '2004-02-30', '2004-13-01', '2004-04-31', '2004-04-01T24', '2004-04-01T23:60', '2004-04-01T9:00', '04-04-01']) expect(isIsoTime(value), value).toBe(false);
    expect(isIsoTime('2004-02-29')).toBe(true);
  });
});

describe('decimals and real(10,7) ranges', () => {
  it('accepts signed decimals and checks ranges like numbers do', () => {
    fc.assert(
      fc.property(fc.constantFrom('', '-', '+'), digits(1, 10), fc.option(digits(0, 7)), (sign, whole, frac) => {
        const value = `${sign}${whole}${frac !== null ? `.${frac}` : ''}`;
        expect(isDecimal(value)).toBe(true);
        expect(decimalInRange(value, -1, 1)).toBe(Number(value) >= -1 && Number(value) <= 1);
      }),
    );
    for (const value of ['', '.', '-', '1e5', '1.2.3', '0x10', 'NaN', 'Infinity', ' 1', '1,5']) expect(isDecimal(value), value).toBe(false);
  });

  it('enforces cmi.score.scaled in [-1, 1] (407) and numbers only (406) through SetValue', () => {
    const api = new Scorm2004Api();
    api.Initialize('');
    fc.assert(
      fc.property(fc.double({ min: -10, max: 10, noNaN: true }), (x) => {
        const value = x.toFixed(7);
        const inRange = Number(value) >= -1 && Number(value) <= 1;
        expect(api.SetValue('cmi.score.scaled', value)).toBe(inRange ? 'true' : 'false');
        expect(api.GetLastError()).toBe(inRange ? '0' : '407');
        expect(api.SetValue('cmi.progress_measure', value)).toBe(Number(value) >= 0 && Number(value) <= 1 ? 'true' : 'false');
      }),
    );
    fc.assert(
      fc.property(fc.string().filter((s) => !isDecimal(s)), (s) => {
        expect(api.SetValue('cmi.score.raw', s)).toBe('false');
        expect(api.GetLastError()).toBe('406');
      }),
    );
  });
});

describe('vocabularies', () => {
  const words = ['completed', 'incomplete', 'not attempted', 'unknown'];
  it('accepts exactly the vocabulary of cmi.completion_status (406 otherwise)', () => {
    const api = new Scorm2004Api();
    api.Initialize('');
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...words), fc.string()), (value) => {
        const ok = words.includes(value);
        expect(api.SetValue('cmi.completion_status', value)).toBe(ok ? 'true' : 'false');
        expect(api.GetLastError()).toBe(ok ? '0' : '406');
      }),
    );
  });

  it('accepts exactly the SCORM 1.2 lesson_status vocabulary (405 otherwise)', () => {
    const api = new Scorm12Api();
    api.LMSInitialize('');
    const allowed = ['passed', 'completed', 'failed', 'incomplete', 'browsed'];
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...allowed, 'not attempted'), fc.string()), (value) => {
        expect(api.LMSSetValue('cmi.core.lesson_status', value)).toBe(allowed.includes(value) ? 'true' : 'false');
      }),
    );
  });
});

describe('language tags and localized strings', () => {
  it('accepts ISO 639 codes with subtags, any case, and rejects other primary subtags', () => {
    fc.assert(
      fc.property(languageTag, fc.boolean(), (tag, upper) => {
        expect(isLanguage(upper ? tag.toUpperCase() : tag)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{2,3}$/).filter((c) => !twoLetter.includes(c) && !threeLetter.includes(c)), (code) => {
        expect(isLanguage(code)).toBe(false);
      }),
    );
    for (const value of ['', 'en-', 'en--US', 'english', 'en-toolongsubtag', '12', 'en_US']) expect(isLanguage(value), value).toBe(false);
  });

  it('splits {lang=xx}text and applies the smallest permitted maximum to the text', () => {
    fc.assert(
      fc.property(languageTag, fc.string({ maxLength: 250 }), (tag, text) => {
        const value = `{lang=${tag}}${text}`;
        expect(splitLocalized(value)).toEqual({ lang: tag, text });
        expect(isLocalizedString(value, 250)).toBe(true);
        expect(isLocalizedString(`{lang=${tag}}${'x'.repeat(251)}`, 250)).toBe(false);
      }),
    );
    expect(splitLocalized('{lang=zz}text')).toBeNull();
    expect(splitLocalized('no delimiter')).toEqual({ lang: null, text: 'no delimiter' });
  });
});

describe('characterstrings and identifiers', () => {
  it('limits SCORM 1.2 CMIString255 / CMIString4096 (405 past the limit)', () => {
    const api = new Scorm12Api();
    api.LMSInitialize('');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 5000 }), (short, long) => {
        expect(api.LMSSetValue('cmi.core.lesson_location', 'a'.repeat(short))).toBe(short <= 255 ? 'true' : 'false');
        expect(api.LMSSetValue('cmi.suspend_data', 'b'.repeat(long))).toBe(long <= 4096 ? 'true' : 'false');
      }),
      { numRuns: 60 },
    );
  });

  it('accepts URI identifiers and rejects white space, brackets and malformed URNs', () => {
    fc.assert(
      fc.property(identifier, (id) => {
        expect(isIdentifier(id, 4000)).toBe(true);
        expect(isScorm12Identifier(id)).toBe(true);
        expect(isIdentifier(`${id} x`, 4000)).toBe(false);
        expect(isIdentifier(`${id}[,]`, 4000)).toBe(false);
      }),
    );
    expect(isIdentifier('urn:adl:obj-1', 4000)).toBe(true);
    expect(isIdentifier('urn::x', 4000)).toBe(false);
    expect(isIdentifier('urn:ns', 4000)).toBe(false);
    expect(isIdentifier('', 4000)).toBe(false);
  });
});

describe('interaction response patterns (RTE cmi.interactions)', () => {
  it('true-false: only "true" and "false"', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(isCorrectResponsePattern('true-false', s)).toBe(s === 'true' || s === 'false');
      }),
    );
  });

  it('choice: distinct identifiers joined by [,]; a repeated one is refused', () => {
    fc.assert(
      fc.property(fc.uniqueArray(identifier, { minLength: 1, maxLength: 6 }), (ids) => {
        expect(isCorrectResponsePattern('choice', ids.join('[,]'))).toBe(true);
        expect(isLearnerResponse('choice', ids.join('[,]'))).toBe(true);
        expect(isCorrectResponsePattern('choice', [...ids, ids[0]].join('[,]'))).toBe(false);
        expect(isCorrectResponsePattern('sequencing', [...ids, ids[0]].join('[,]'))).toBe(true);
      }),
    );
  });

  it('matching: source[.]target pairs', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(identifier, identifier), { minLength: 1, maxLength: 5 }), (pairs) => {
        const value = pairs.map(([a, b]) => `${a}[.]${b}`).join('[,]');
        expect(isCorrectResponsePattern('matching', value)).toBe(true);
        expect(isCorrectResponsePattern('matching', `${value}[,]${pairs[0][0]}`)).toBe(false);
      }),
    );
  });

  it('numeric: min[:]max ranges with min <= max; a learner response is one decimal', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -1000, max: 1000 }), (a, b) => {
        expect(isCorrectResponsePattern('numeric', `${a}[:]${b}`)).toBe(a <= b);
        expect(isCorrectResponsePattern('numeric', `[:]${b}`)).toBe(true);
        expect(isCorrectResponsePattern('numeric', `${a}[:]`)).toBe(true);
        expect(isLearnerResponse('numeric', String(a))).toBe(true);
        expect(isLearnerResponse('numeric', `${a}[:]${b}`)).toBe(false);
      }),
    );
  });

  it('fill-in: {case_matters}/{order_matters} in any order, then {lang} and strings', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), languageTag, fc.array(fc.string({ maxLength: 20 }).filter((s) => !s.includes('[,]') && !s.startsWith('{')), { minLength: 1, maxLength: 4 }), (cm, om, swap, lang, strings) => {
        const delimiters = [`{case_matters=${cm}}`, `{order_matters=${om}}`];
        if (swap) delimiters.reverse();
        const value = `${delimiters.join('')}{lang=${lang}}${strings.join('[,]')}`;
        expect(isCorrectResponsePattern('fill-in', value)).toBe(true);
        expect(isCorrectResponsePattern('fill-in', `{case_matters=maybe}${strings[0]}`)).toBe(false);
        expect(isCorrectResponsePattern('fill-in', `{case_matters=true}{case_matters=true}${strings[0]}`)).toBe(false);
        expect(isLearnerResponse('fill-in', `{lang=${lang}}${strings.join('[,]')}`)).toBe(true);
      }),
    );
  });

  it('performance: step[.]answer with a name or an answer, answers may be numeric ranges in patterns', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.option(identifier, { nil: '' }), fc.integer({ min: 0, max: 50 })), { minLength: 1, maxLength: 4 }), (steps) => {
        const value = steps.map(([name, n]) => `${name}[.]${n}[:]${n + 1}`).join('[,]');
        expect(isCorrectResponsePattern('performance', `{order_matters=false}${value}`)).toBe(true);
        expect(isLearnerResponse('performance', value)).toBe(false);
        expect(isCorrectResponsePattern('performance', '[.]')).toBe(false);
      }),
    );
  });

  it('likert: one identifier; other: anything', () => {
    fc.assert(
      fc.property(identifier, fc.string(), (id, text) => {
        expect(isCorrectResponsePattern('likert', id)).toBe(true);
        expect(isCorrectResponsePattern('likert', `${id}[,]${id}`)).toBe(false);
        expect(isCorrectResponsePattern('other', text)).toBe(true);
      }),
    );
  });
});
