import { useI18n } from '../i18n/I18nContext';
import { CourseCard } from './CourseCard';
import type { ModuleView } from './model';

/** The courses of the selected module, by level. */
export function CourseList({ module }: { module: ModuleView }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="course-list-heading" className="course-section">
      <h2 id="course-list-heading">{t('dashboard.coursesHeading', { title: module.title })}</h2>
      {module.description && <p>{module.description}</p>}
      {module.courses.length === 0 ? (
        <p>{t('dashboard.noCourses')}</p>
      ) : (
        <ol className="course-list">
          {module.courses.map((course) => (
            <li key={course.id}>
              <CourseCard course={course} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
