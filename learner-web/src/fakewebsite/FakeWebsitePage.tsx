import { Link } from 'react-router';
import { usePageTitle } from '../common/usePageTitle';
import { useI18n } from '../i18n/I18nContext';
import { PublicLayout } from '../public-layout/PublicLayout';
import { useSession } from '../session/SessionContext';

const PRODUCTS = [
  { name: 'fake.product1', price: '129' },
  { name: 'fake.product2', price: '349' },
  { name: 'fake.product3', price: '199' },
] as const;

/** The sample distributor website that exercises refer to (spec 2 /fakewebsite). */
export default function FakeWebsitePage() {
  const { language, t } = useI18n();
  const { user } = useSession();
  usePageTitle(t('title.fakewebsite'));
  return (
    <PublicLayout>
      <div className="fake-site">
        <h1>{t('fake.heading')}</h1>
        <p className="lead">{t('fake.intro')}</p>
        <section aria-labelledby="fake-products">
          <h2 id="fake-products">{t('fake.productsHeading')}</h2>
          <ul className="fake-products">
            {PRODUCTS.map((product) => (
              <li key={product.name}>
                <h3>{t(product.name)}</h3>
                <p>{t('fake.price', { price: product.price })}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="fake-service">
          <h2 id="fake-service">{t('fake.serviceHeading')}</h2>
          <p>{t('fake.serviceText')}</p>
        </section>
        <section aria-labelledby="fake-exercise" className="notice info">
          <h2 id="fake-exercise">{t('fake.exerciseHeading')}</h2>
          <p>{t('fake.exerciseText')}</p>
        </section>
        {user && (
          <p>
            <Link to={`/${language}/learn`}>{t('player.backToDashboard')}</Link>
          </p>
        )}
      </div>
    </PublicLayout>
  );
}
