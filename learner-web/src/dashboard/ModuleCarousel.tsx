import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useI18n } from '../i18n/I18nContext';
import { dragDirection, prefersReducedMotion, SELECT_DELAY_AFTER_DRAG_MS } from './carousel';
import { ModuleCard } from './ModuleCard';
import type { ModuleView } from './model';

interface ModuleCarouselProps {
  modules: ModuleView[];
  selectedId: number | null;
  onSelect(id: number): void;
}

/**
 * Spec 2 carousel: a horizontally scrolling list of module cards with previous/next buttons, mouse drag
 * (> 50 px switches slide), arrow keys between cards, and no smooth scrolling when reduced motion is asked for.
 */
export function ModuleCarousel({ modules, selectedId, onSelect }: ModuleCarouselProps) {
  const { t } = useI18n();
  const track = useRef<HTMLUListElement>(null);
  const drag = useRef<{ x: number; moved: boolean } | null>(null);
  const lastDragAt = useRef(0);
  const selectTimer = useRef<number | undefined>(undefined);
  const [edges, setEdges] = useState({ start: true, end: true });

  const updateEdges = useCallback(() => {
    const el = track.current;
    if (!el) return;
    setEdges({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  }, []);

  useEffect(() => {
    updateEdges();
    const el = track.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(updateEdges);
    observer.observe(el);
    return () => observer.disconnect();
  }, [updateEdges, modules.length]);
  useEffect(() => () => window.clearTimeout(selectTimer.current), []);

  const behavior = (): ScrollBehavior => (prefersReducedMotion() ? 'auto' : 'smooth');

  const slide = (direction: -1 | 1) => {
    const el = track.current;
    const card = el?.querySelector('li');
    if (!el || !card) return;
    el.scrollBy({ left: direction * card.getBoundingClientRect().width, behavior: behavior() });
  };

  const select = (id: number) => {
    window.clearTimeout(selectTimer.current);
    // Spec 4: after a drag, module selection is delayed 200 ms.
    if (Date.now() - lastDragAt.current < SELECT_DELAY_AFTER_DRAG_MS) selectTimer.current = window.setTimeout(() => onSelect(id), SELECT_DELAY_AFTER_DRAG_MS);
    else onSelect(id);
  };

  const onPointerDown = (event: PointerEvent) => {
    // Touch scrolls natively; mouse and pen get the drag gesture.
    if (event.pointerType === 'touch' || event.button !== 0) return;
    drag.current = { x: event.clientX, moved: false };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = drag.current;
    drag.current = null;
    if (!start) return;
    const direction = dragDirection(event.clientX - start.x);
    if (direction !== 0) {
      lastDragAt.current = Date.now();
      slide(direction);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const buttons = Array.from(track.current?.querySelectorAll<HTMLButtonElement>('.module-card') ?? []);
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    let next = -1;
    if (event.key === 'ArrowRight') next = Math.min(buttons.length - 1, index + 1);
    else if (event.key === 'ArrowLeft') next = Math.max(0, index - 1);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = buttons.length - 1;
    if (next < 0) return;
    event.preventDefault();
    buttons[next].focus({ preventScroll: true });
    buttons[next].scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: behavior() });
  };

  return (
    <section className="carousel" aria-labelledby="modules-heading">
      <div className="carousel-header">
        <h2 id="modules-heading">{t('dashboard.modulesHeading')}</h2>
        <div className="carousel-controls">
          <button type="button" className="icon-button bordered" onClick={() => slide(-1)} disabled={edges.start} aria-label={t('dashboard.previous')}>
            <span aria-hidden="true">←</span>
          </button>
          <button type="button" className="icon-button bordered" onClick={() => slide(1)} disabled={edges.end} aria-label={t('dashboard.next')}>
            <span aria-hidden="true">→</span>
          </button>
        </div>
      </div>
      <p className="hint" id="modules-hint">
        {t('dashboard.modulesHint')}
      </p>
      <ul
        ref={track}
        className="module-track"
        aria-describedby="modules-hint"
        onScroll={updateEdges}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (drag.current = null)}
      >
        {modules.map((module) => (
          <li key={module.id}>
            <ModuleCard module={module} selected={module.id === selectedId} onActivate={() => select(module.id)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
