import { useEffect, useState } from 'react';
import { activeSection, BACK_TO_TOP_THRESHOLD } from './scrollSpy';

/** The section currently read and whether the back-to-top link should show. */
export function useScrollSpy(ids: string[]): { active: string | null; showBackToTop: boolean } {
  const [state, setState] = useState<{ active: string | null; showBackToTop: boolean }>({ active: ids[0] ?? null, showBackToTop: false });
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const tops = ids.flatMap((id) => {
        const element = document.getElementById(id);
        return element ? [{ id, top: element.getBoundingClientRect().top }] : [];
      });
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      setState({ active: atBottom ? ids[ids.length - 1] : activeSection(tops), showBackToTop: window.scrollY > BACK_TO_TOP_THRESHOLD });
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [ids]);
  return state;
}
