import type { LegalSection } from './texts/types';

export function LegalSectionView({ section }: { section: LegalSection }) {
  return (
    <section id={section.id} aria-labelledby={`${section.id}-heading`} className="legal-section">
      <h2 id={`${section.id}-heading`} tabIndex={-1}>
        {section.title}
      </h2>
      {section.blocks.map((block, index) =>
        'h3' in block ? (
          <h3 key={index}>{block.h3}</h3>
        ) : 'p' in block ? (
          <p key={index}>{block.p}</p>
        ) : (
          <ul key={index}>
            {block.ul.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </section>
  );
}
