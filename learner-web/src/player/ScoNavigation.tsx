import { useI18n } from '../i18n/I18nContext';
import type { ScoEntry } from './launch';

/** Table of contents of a multi-SCO course: a list of buttons, the current part marked with aria-current. */
export function ScoNavigation({ scos, index, onSelect }: { scos: ScoEntry[]; index: number; onSelect(index: number): void }) {
  const { t } = useI18n();
  return (
    <nav className="sco-toc" aria-label={t('player.toc')}>
      <h2 className="toc-heading">{t('player.toc')}</h2>
      <ol>
        {scos.map((sco, position) => (
          <li key={sco.identifier || position}>
            <button type="button" className="toc-item" aria-current={position === index ? 'step' : undefined} onClick={() => onSelect(position)}>
              {sco.title}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
