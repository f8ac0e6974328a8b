import type { Config } from '../config/config';
import type { Db } from '../db/db';
import { importDemoCourse } from '../packages/demo';

/**
 * First start only: a demo module and course so a newcomer can sign in and take a course at once. The module
 * is created when no module exists yet; the course comes from the package importer.
 */
export async function seedDemoContent({ config, db }: { config: Config; db: Db }): Promise<void> {
  const [{ count }] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM modules');
  if (count > 0) return;
  const [module] = await db.query<{ id: number }>(
    `INSERT INTO modules (title, title_fr, title_de, title_lb, description, description_fr, description_de, description_lb, "order")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1) RETURNING id`,
    [
      'Accessibility basics',
      "Les bases de l'accessibilité",
      'Grundlagen der Barrierefreiheit',
      'Grondlage vun der Accessibilitéit',
      'What the law of 8 March 2023 asks of distributors of products and services.',
      'Ce que la loi du 8 mars 2023 demande aux distributeurs de produits et services.',
      'Was das Gesetz vom 8. März 2023 von Händlern von Produkten und Dienstleistungen verlangt.',
      'Wat d’Gesetz vum 8. Mäerz 2023 vun den Distributeure vu Produkter a Servicer verlaangt.',
    ],
  );
  await importDemoCourse({ config, db }, module.id);
}
