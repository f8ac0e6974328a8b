import { useI18n } from '../i18n/I18nContext';

/** The introduction video with its captions track (WCAG 1.2.2); omitted when none is configured. */
export function IntroVideo({ url, captionsUrl }: { url: string; captionsUrl: string | null }) {
  const { language, t } = useI18n();
  return (
    <section aria-labelledby="intro-video-heading" className="intro-video">
      <h2 id="intro-video-heading">{t('welcome.videoHeading')}</h2>
      <video controls preload="metadata" aria-labelledby="intro-video-heading">
        <source src={url} />
        {captionsUrl && <track kind="captions" src={captionsUrl} srcLang={language} label={t('welcome.videoCaptions')} default />}
        {t('welcome.videoUnsupported')}
      </video>
    </section>
  );
}
