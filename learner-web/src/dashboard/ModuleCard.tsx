import { useI18n } from '../i18n/I18nContext';
import type { ModuleView } from './model';
import { ProgressBar } from './ProgressBar';

interface ModuleCardProps {
  module: ModuleView;
  selected: boolean;
  onActivate(): void;
}

/** A module in the carousel: a toggle button (aria-pressed); empty modules say they are coming soon and do nothing. */
export function ModuleCard({ module, selected, onActivate }: ModuleCardProps) {
  const { t } = useI18n();
  const empty = module.courses.length === 0;
  return (
    <button
      type="button"
      className={`module-card${selected ? ' selected' : ''}${empty ? ' empty' : ''}`}
      aria-pressed={empty ? undefined : selected}
      aria-disabled={empty || undefined}
      data-module-id={module.id}
      onClick={() => {
        if (!empty) onActivate();
      }}
    >
      <span className="module-image" aria-hidden="true">
        {module.imagePath ? <img src={`/api/v1/content/${module.imagePath}`} alt="" width={200} height={200} loading="lazy" draggable={false} /> : <span className="module-placeholder">{module.title.slice(0, 1)}</span>}
      </span>
      <span className="module-title">{module.title}</span>
      {empty ? (
        <span className="module-soon">{t('dashboard.comingSoon')}</span>
      ) : (
        <>
          <span className="module-meta">{t('dashboard.courseCount', { count: module.courses.length })}</span>
          <span className="module-meta">
            <ProgressBar percent={module.completion} />
            {t('dashboard.moduleCompletion', { percent: module.completion })}
          </span>
        </>
      )}
      {selected && !empty && (
        <span className="module-selected">
          <span aria-hidden="true">✓ </span>
          {t('dashboard.selected')}
        </span>
      )}
    </button>
  );
}
