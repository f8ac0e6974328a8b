import type { ProgressStatus } from '../api/types';
import { useI18n } from '../i18n/I18nContext';
import type { MessageKey } from '../i18n/languages';

const LABELS: Record<ProgressStatus, MessageKey> = {
  not_started: 'status.notStarted',
  in_progress: 'status.inProgress',
  completed: 'status.completed',
};
const ICONS: Record<ProgressStatus, string> = { not_started: '○', in_progress: '◐', completed: '✓' };

/** Course status in words (and a shape), never by colour alone. */
export function StatusBadge({ status }: { status: ProgressStatus }) {
  const { t } = useI18n();
  return (
    <span className={`status-badge status-${status}`}>
      <span aria-hidden="true">{ICONS[status]} </span>
      {t(LABELS[status])}
    </span>
  );
}
