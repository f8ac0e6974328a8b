import { useCallback, useEffect, useRef, useState } from 'react';
import { createHttpAdapter, ScormSession } from 'scorm-player';
import type { LaunchInfo, User } from '../api/types';
import { readAnonymousId } from '../session/storage';
import { findItem, manifestOf, packageBase, playableScos, resumeIndex, scoUrl, scormFlavour, type ScoEntry } from './launch';

export interface ScormPlayback {
  scos: ScoEntry[];
  index: number;
  /** URL the frame shows, set only once the SCO's API is on the window. */
  frameSrc: string | null;
  goTo(index: number): void;
  /** Saves and closes the session (exit button). */
  close(): Promise<void>;
  failed: string | null;
}

/**
 * Runs a SCORM course with scorm-player: one session per visit (saved data loaded through the HTTP adapter),
 * one API attempt per SCO installed on this window before the SCO's frame is loaded (DESIGN.md 7).
 */
export function useScormSession(
  courseId: number,
  title: string,
  launch: LaunchInfo,
  version: string | null,
  user: User,
  onExitRequest: () => void,
): ScormPlayback {
  const [session, setSession] = useState<ScormSession | null>(null);
  const [index, setIndex] = useState<number | null>(null);
  const [frameSrc, setFrameSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const scos = useRef(playableScos(launch, title)).current;
  const manifest = manifestOf(launch);
  const flavour = scormFlavour(manifest.version ?? version);
  const base = packageBase(launch.launch_url);
  const closed = useRef<Promise<void> | null>(null);
  const onExitRef = useRef(onExitRequest);
  onExitRef.current = onExitRequest;

  useEffect(() => {
    let live = true;
    let opened: ScormSession | null = null;
    closed.current = null;
    ScormSession.open({
      version: flavour,
      window,
      adapter: createHttpAdapter({ courseId, getAnonymousId: readAnonymousId }),
      learnerId: String(user.id),
      learnerName: user.nickname ?? user.anonymous_id,
      multiSco: scos.length > 1,
    })
      .then((value) => {
        opened = value;
        if (!live) {
          void value.close();
          return;
        }
        const statusKey = flavour === '1.2' ? 'cmi.core.lesson_status' : 'cmi.completion_status';
        setIndex(resumeIndex(scos, (identifier) => value.scoData(identifier)[statusKey]));
        setSession(value);
      })
      .catch((error: unknown) => live && setFailed(error instanceof Error ? error.message : String(error)));
    return () => {
      live = false;
      if (opened) closed.current ??= opened.close();
    };
  }, [courseId, flavour, scos, user]);

  // Launch the selected SCO: its API object first, then its page.
  useEffect(() => {
    if (!session || index == null) return;
    const sco = scos[index];
    const item = sco.identifier ? findItem(manifest, sco.identifier) : null;
    const runtime = session.launch({
      scoId: scos.length > 1 ? sco.identifier : undefined,
      masteryScore: item?.masteryscore ?? undefined,
      maxTimeAllowed: item?.maxtimeallowed ?? undefined,
      timeLimitAction: item?.timelimitaction ?? undefined,
      launchData: item?.datafromlms ?? undefined,
      completionThreshold: item?.completion_threshold?.min_progress_measure,
    });
    setFrameSrc(scos.length > 1 || sco.identifier ? scoUrl(base, sco.launch_url) : launch.launch_url);
    return () => {
      setFrameSrc(null);
      runtime.unmount();
    };
    // manifest and base derive from `launch`, which stays the same for the whole session.
  }, [session, index, scos]);

  // SCORM 2004 navigation requests (adl.nav.request) move between SCOs.
  useEffect(() => {
    if (!session) return;
    const onNav = (event: Event) => {
      const { kind, target } = (event as CustomEvent<{ kind: string; target?: string }>).detail;
      const chosen = kind === 'choice' || kind === 'jump' ? scos.findIndex((sco) => sco.identifier === target) : -1;
      if (chosen >= 0) setIndex(chosen);
      else if (kind === 'continue') setIndex((current) => (current != null && current < scos.length - 1 ? current + 1 : current));
      else if (kind === 'previous') setIndex((current) => (current != null && current > 0 ? current - 1 : current));
      // SCORM 2004 sequencing: exitAll, suspendAll and abandonAll end the learner's attempt on the whole course.
      else if (kind === 'exitAll' || kind === 'suspendAll' || kind === 'abandonAll') window.setTimeout(() => onExitRef.current(), 0);
    };
    session.addEventListener('navrequest', onNav);
    return () => session.removeEventListener('navrequest', onNav);
  }, [session, scos]);

  const goTo = useCallback((next: number) => setIndex(Math.max(0, Math.min(scos.length - 1, next))), [scos.length]);
  const close = useCallback(async () => {
    setFrameSrc(null);
    if (session) closed.current ??= session.close();
    await closed.current;
  }, [session]);

  return { scos, index: index ?? 0, frameSrc, goTo, close, failed };
}
