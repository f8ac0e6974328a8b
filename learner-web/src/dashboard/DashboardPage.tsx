import { useMemo } from 'react';
import { Link } from 'react-router';
import { PageLoading } from '../common/PageLoading';
import { usePageTitle } from '../common/usePageTitle';
import { useI18n } from '../i18n/I18nContext';
import { CourseList } from './CourseList';
import { buildModuleViews } from './model';
import { ModuleCarousel } from './ModuleCarousel';
import { useDashboardData } from './useDashboardData';
import { useSelectedModule } from './useSelectedModule';

/** Spec 2 Dashboard: module carousel and the selected module's courses. */
export default function DashboardPage() {
  const { language, t } = useI18n();
  usePageTitle(t('title.dashboard'));
  const { loading, modules, progress, errors } = useDashboardData();
  const views = useMemo(() => buildModuleViews(modules, progress, language, t('dashboard.unassigned')), [modules, progress, language, t]);
  const [selectedId, select] = useSelectedModule(views);
  const selected = views.find((module) => module.id === selectedId) ?? null;

  return (
    <div className="dashboard">
      <h1>{t('dashboard.heading')}</h1>
      {errors.length > 0 && (
        <div className="notice error" role="alert">
          {errors.map((key) => (
            <p key={key}>{t(key)}</p>
          ))}
          <p>
            <Link to={`/${language}/login`}>{t('dashboard.loginAgain')}</Link>
          </p>
        </div>
      )}
      {loading ? (
        <PageLoading />
      ) : views.length === 0 ? (
        errors.length === 0 && <p>{t('dashboard.noModules')}</p>
      ) : (
        <>
          <ModuleCarousel modules={views} selectedId={selectedId} onSelect={select} />
          {selected && <CourseList module={selected} />}
        </>
      )}
    </div>
  );
}
