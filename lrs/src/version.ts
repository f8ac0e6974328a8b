/** The xAPI versions this LRS speaks; each request picks one with `X-Experience-API-Version`. */
export type XapiVersion = '1.0.3' | '2.0.0';

/**
 * xAPI 1.0.3 Part 3 6.2 / 2.0 Part 3 1.3: 1.0.x requests are answered as 1.0.3 and 2.0.x as 2.0.0;
 * anything else is refused.
 */
export function parseVersionHeader(value: string | undefined): XapiVersion | null {
  if (!value) return null;
  const v = value.trim();
  if (/^1\.0(\.\d+)?$/.test(v)) return '1.0.3';
  if (/^2\.0(\.\d+)?$/.test(v)) return '2.0.0';
  return null;
}
