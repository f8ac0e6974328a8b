import { describe, expect, it } from 'vitest';
import { contentUrl } from './present';

describe('contentUrl', () => {
  it('serves package files under /api/v1/content with each path segment encoded and the query kept', () => {
    expect(contentUrl('courses/3/v2', 'shared/launch page.html?lesson=1&x=a b')).toBe(
      '/api/v1/content/courses/3/v2/shared/launch%20page.html?lesson=1&x=a b',
    );
  });

  it('launches absolute AU URLs of bare cmi5.xml courses unchanged', () => {
    expect(contentUrl('courses/4/v1', 'https://au.example.org/au/index.html?x=1')).toBe('https://au.example.org/au/index.html?x=1');
  });
});
