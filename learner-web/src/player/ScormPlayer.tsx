import { useNavigate } from 'react-router';
import type { Course, LaunchInfo, User } from '../api/types';
import { Spinner } from '../common/Spinner';
import { useI18n } from '../i18n/I18nContext';
import { ScoNavigation } from './ScoNavigation';
import { useScormSession } from './useScormSession';

/** The SCORM course in a full-height frame, with the exit button and, for multi-SCO packages, contents and previous/next. */
export function ScormPlayer({ course, launch, user }: { course: Course; launch: LaunchInfo; user: User }) {
  const { language, t } = useI18n();
  const navigate = useNavigate();
  const exit = async () => {
    await playback.close();
    // The dashboard loads fresh progress when it mounts.
    navigate(`/${language}/learn`);
  };
  const playback = useScormSession(course.id, course.title, launch, course.version, user, () => void exit());
  const multi = playback.scos.length > 1;

  return (
    <div className={`player${multi ? ' multi' : ''}`}>
      <div className="player-bar">
        <h1 className="player-title">{course.title}</h1>
        {multi && (
          <div className="button-row">
            <button type="button" className="button secondary" onClick={() => playback.goTo(playback.index - 1)} disabled={playback.index === 0}>
              <span aria-hidden="true">← </span>
              {t('player.previous')}
            </button>
            <span className="player-part">{t('player.partOf', { index: playback.index + 1, total: playback.scos.length })}</span>
            <button type="button" className="button secondary" onClick={() => playback.goTo(playback.index + 1)} disabled={playback.index >= playback.scos.length - 1}>
              {t('player.next')}
              <span aria-hidden="true"> →</span>
            </button>
          </div>
        )}
        <button type="button" className="button primary" onClick={() => void exit()}>
          {t('player.exit')}
        </button>
      </div>
      {playback.failed ? (
        <p className="notice error" role="alert">
          {t('player.errorLoad', { message: playback.failed })}
        </p>
      ) : (
        <div className="player-body">
          {multi && <ScoNavigation scos={playback.scos} index={playback.index} onSelect={playback.goTo} />}
          {playback.frameSrc ? (
            <iframe key={playback.index} className="player-frame" src={playback.frameSrc} title={multi ? `${course.title} – ${playback.scos[playback.index].title}` : course.title} />
          ) : (
            <Spinner label={t('player.loading')} />
          )}
        </div>
      )}
    </div>
  );
}
