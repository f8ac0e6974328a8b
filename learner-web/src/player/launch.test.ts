import { describe, expect, it } from 'vitest';
import type { LaunchInfo } from '../api/types';
import { findItem, packageBase, parseCourseId, playableScos, resumeIndex, scoUrl, scormFlavour } from './launch';

const launch = (manifest: unknown, url = '/api/v1/content/courses/7/v2/shared/launchpage.html'): LaunchInfo => ({
  launch_url: url,
  content_type: 'scorm',
  version: '1.2',
  settings: { manifest },
});

describe('player launch helpers', () => {
  it('accepts only positive whole course ids (spec 5 Player)', () => {
    expect(parseCourseId('12')).toBe(12);
    for (const raw of ['abc', '0', '-1', '1.5', '', undefined, '1e3', '99999999999999999999']) expect(parseCourseId(raw), String(raw)).toBeNull();
  });

  it('maps versions to the API flavour', () => {
    expect(scormFlavour('1.2')).toBe('1.2');
    expect(scormFlavour('2004 3rd Edition')).toBe('2004');
    expect(scormFlavour(null)).toBe('2004');
  });

  it('finds the package root and builds SCO URLs', () => {
    const base = packageBase('/api/v1/content/courses/7/v2/shared/launch%20page.html?x=1');
    expect(base).toBe('/api/v1/content/courses/7/v2/');
    expect(scoUrl(base, 'Etiquette/Course Page.html?a=1')).toBe('/api/v1/content/courses/7/v2/Etiquette/Course%20Page.html?a=1');
    expect(scoUrl(base, 'a%20b.html')).toBe('/api/v1/content/courses/7/v2/a%20b.html');
    expect(scoUrl(base, 'https://example.org/sco.html')).toBe('https://example.org/sco.html');
    expect(packageBase('/somewhere/else/index.html')).toBe('/somewhere/else/');
  });

  it('lists the SCOs, or the launch URL as one SCO', () => {
    const scos = [
      { identifier: 'a', title: 'A', launch_url: 'a.html', scorm_type: 'sco' },
      { identifier: 'b', title: 'B', launch_url: 'b.html', scorm_type: 'sco' },
    ];
    expect(playableScos(launch({ scos }), 'Course')).toHaveLength(2);
    expect(playableScos(launch({}), 'Course')).toEqual([{ identifier: '', title: 'Course', launch_url: '/api/v1/content/courses/7/v2/shared/launchpage.html', scorm_type: 'sco' }]);
  });

  it('finds manifest items in nested organisations and resumes at the first unfinished SCO', () => {
    const manifest = { organizations: [{ identifier: 'o', items: [{ identifier: 'top', children: [{ identifier: 'deep', masteryscore: 80 }] }] }] };
    expect(findItem(manifest, 'deep')?.masteryscore).toBe(80);
    expect(findItem(manifest, 'none')).toBeNull();
    const scos = ['a', 'b', 'c'].map((identifier) => ({ identifier, title: identifier, launch_url: `${identifier}.html`, scorm_type: 'sco' as const }));
    const status: Record<string, string> = { a: 'completed', b: 'passed', c: 'incomplete' };
    expect(resumeIndex(scos, (id) => status[id])).toBe(2);
    expect(resumeIndex(scos, () => 'completed')).toBe(0);
    expect(resumeIndex(scos, () => undefined)).toBe(0);
  });
});
