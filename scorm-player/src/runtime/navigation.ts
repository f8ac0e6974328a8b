// SCORM 2004 navigation requests (RTE 4.4 adl.nav). Full sequencing (SN book) is a later step:
// the host supplies a NavigationHandler; the default one answers "unknown" to request_valid.

export const NAV_REQUESTS = ['continue', 'previous', 'choice', 'jump', 'exit', 'exitAll', 'abandon', 'abandonAll', 'suspendAll', '_none_'] as const;
export type NavRequestKind = (typeof NAV_REQUESTS)[number];

export interface NavigationRequest {
  readonly kind: NavRequestKind;
  /** Activity identifier for choice and jump ("{target=ID}choice"). */
  readonly target?: string;
}

export type RequestValidity = 'true' | 'false' | 'unknown';

export interface NavigationHandler {
  /** adl.nav.request_valid.continue / previous / choice.{target=ID} / jump.{target=ID} (RTE adl.nav.request_valid). */
  isRequestValid(kind: 'continue' | 'previous' | 'choice' | 'jump', target?: string): RequestValidity;
}

export const unknownNavigation: NavigationHandler = {
  isRequestValid: () => 'unknown',
};

const TARGETED = /^\{target=([^}]+)\}(choice|jump)$/;

/** Parses an adl.nav.request value; null when it is not in the vocabulary (RTE adl.nav.request). */
export function parseNavRequest(value: string): NavigationRequest | null {
  const targeted = TARGETED.exec(value);
  if (targeted) return { kind: targeted[2] as 'choice' | 'jump', target: targeted[1] };
  if (value === 'choice' || value === 'jump') return null;
  return (NAV_REQUESTS as readonly string[]).includes(value) ? { kind: value as NavRequestKind } : null;
}

/** "{target=ID}" as it follows adl.nav.request_valid.choice. / .jump. */
export function parseTargetSuffix(suffix: string): string | null {
  const match = /^\{target=([^}]+)\}$/.exec(suffix);
  return match ? match[1] : null;
}
