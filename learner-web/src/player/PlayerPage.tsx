import { Link, useParams } from 'react-router';
import { Spinner } from '../common/Spinner';
import { usePageTitle } from '../common/usePageTitle';
import { useI18n } from '../i18n/I18nContext';
import { useSession } from '../session/SessionContext';
import { parseCourseId } from './launch';
import { ScormPlayer } from './ScormPlayer';
import { usePlayerLaunch } from './usePlayerLaunch';

/** Spec 2 Course player (/learn/course/{id}): spinner, error with retry, unsupported types explained, the SCORM player. */
export default function PlayerPage() {
  const { language, t } = useI18n();
  const { user } = useSession();
  const { courseId } = useParams();
  const id = parseCourseId(courseId);
  const { load, retry } = usePlayerLaunch(id, !!user);
  usePageTitle(t('title.player', { title: load.state === 'ready' ? load.course.title : '…' }));

  if (load.state === 'loading') {
    return (
      <div className="player-status">
        <h1 className="visually-hidden">{t('player.loading')}</h1>
        <Spinner label={t('player.loading')} />
      </div>
    );
  }
  if (load.state === 'error') {
    return (
      <div className="player-status">
        <h1>{t('player.errorTitle')}</h1>
        <p className="notice error" role="alert">
          {t(load.message, load.params)}
        </p>
        <div className="button-row">
          <button type="button" className="button primary" onClick={retry}>
            {t('player.retry')}
          </button>
          <Link to={`/${language}/learn`} className="button secondary">
            {t('player.backToDashboard')}
          </Link>
        </div>
      </div>
    );
  }
  if (!load.launch || !user) {
    return (
      <div className="player-status">
        <h1>{load.course.title}</h1>
        <p className="notice info">{t('player.unsupported', { type: load.course.content_type.toUpperCase() })}</p>
        <Link to={`/${language}/learn`} className="button primary">
          {t('player.backToDashboard')}
        </Link>
      </div>
    );
  }
  return <ScormPlayer course={load.course} launch={load.launch} user={user} />;
}
