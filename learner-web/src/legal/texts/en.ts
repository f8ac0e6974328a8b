import type { LegalText } from './types';

export const legalEn: LegalText = {
  title: 'Legal information',
  updated: 'Last updated: November 2026',
  sections: [
    {
      id: 'protection',
      title: 'Data protection',
      blocks: [
        { p: 'Controller: the Office for the supervision of the accessibility of products and services (OSAPS), whose details are at the bottom of the page. Processing is based on the office’s task carried out in the public interest (Article 6(1)(e) of the General Data Protection Regulation, GDPR).' },
        { h3: 'What we store and why' },
        {
          ul: [
            'Your anonymous ID: we never keep its value, only a fingerprint computed with a secret key (a keyed hash) and its last characters for display. It is used only to recognise you when you come back.',
            'Your nickname, if you choose one: it is only used to greet you. Do not use your real name.',
            'Your progress in the courses (status, percentage, score, time spent, access dates): so that you can resume where you stopped and unlock the next courses.',
            'Learning records in the xAPI format, linked to an opaque identifier from which your ID cannot be found: for anonymous usage statistics and to improve the courses.',
            'Messages sent with the contact form (last name, first name, email address, optional phone, message): to answer you. They are kept as long as needed to handle your request, and at most one year.',
          ],
        },
        { p: 'We collect no other data, use no third-party audience measurement and pass your data on to no one. The data is hosted in Luxembourg.' },
        { h3: 'Your rights' },
        { p: 'You may ask for access to, correction or erasure of your data, and object to its processing, by writing to the office (give your anonymous ID if your request concerns your progress). You may also lodge a complaint with the National Commission for Data Protection (CNPD), 15, boulevard du Jazz, L-4370 Belvaux, cnpd.public.lu.' },
      ],
    },
    {
      id: 'apropos',
      title: 'About',
      blocks: [
        { p: 'This learning platform is published by OSAPS, the Luxembourg authority that supervises the accessibility of products and services under the law of 8 March 2023, which transposes the European Accessibility Act (Directive (EU) 2019/882). The obligations apply since 28 June 2025.' },
        { p: 'It is meant for manufacturers, importers, distributors and service providers who want to understand the accessibility requirements and bring their products and services into compliance. Courses are grouped into themes and follow one another by level.' },
        { p: 'The platform is free, has no advertising and needs no named account.' },
      ],
    },
    {
      id: 'accessibilite',
      title: 'Accessibility statement',
      blocks: [
        { p: 'OSAPS is committed to making this platform accessible in accordance with the law of 28 May 2019 on the accessibility of the websites and mobile applications of public sector bodies. This statement applies to the learning platform (public pages and learner area).' },
        { h3: 'Compliance status' },
        { p: 'This platform is partially compliant with the web accessibility assessment framework (RAWeb), which takes up the European standard EN 301 549 and WCAG 2.1 level AA, because of the non-compliances listed below. The platform’s own interfaces aim at WCAG 2.2 level AA and are checked automatically with every version (axe-core) and with the keyboard.' },
        { h3: 'Non-accessible content' },
        {
          ul: [
            'Some courses are content packages (SCORM, cmi5, AICC, H5P) made by third parties: their accessibility depends on their authors and could not always be checked. Tell us about any barrier; we will ask for a fix or offer an alternative.',
            'Course videos may lack audio description.',
            'No complete manual audit by an independent body has been carried out yet: this statement is based on a self-assessment.',
          ],
        },
        { h3: 'Preparation of this statement' },
        { p: 'This statement was prepared in November 2026 on the basis of a self-assessment (automatic tests with axe-core and Lighthouse, keyboard-only journeys, contrast checks) with Chromium and the NVDA and Orca screen readers.' },
        { h3: 'Feedback and contact' },
        { p: 'If you cannot access some content or a service, use the contact form at the bottom of the page or write to the office by email or post to be directed to an accessible alternative or to get the content in another form. We undertake to answer within one month.' },
        { h3: 'Enforcement procedure' },
        { p: 'If you do not get a satisfactory answer, you may turn to the Ombudsman of the Grand Duchy of Luxembourg, 36, rue du Marché-aux-Herbes, L-1728 Luxembourg, ombudsman.lu. The accessibility of public sector websites is monitored by the Government Information and Press Service (SIP); OSAPS, which supervises products and services, does not monitor its own platform.' },
      ],
    },
    {
      id: 'aspectsLegaux',
      title: 'Legal aspects and terms of use',
      blocks: [
        { p: 'Publisher: Office for the supervision of the accessibility of products and services (OSAPS), Luxembourg. Hosting: infrastructure of the Luxembourg State.' },
        { h3: 'Use' },
        {
          ul: [
            'Access is free. Your anonymous ID is your only key: keep it to yourself. Without it your progress cannot be recovered.',
            'Do not enter personal data in the nickname or in the courses.',
            'Any attempt to disrupt the service or to access other people’s data is forbidden.',
          ],
        },
        { h3: 'Content and liability' },
        { p: 'The courses are educational and are not legal advice; only the text of the law published in the Official Journal (Legilux) is authoritative. The content is protected by copyright; re-use for non-commercial purposes is allowed with the source named, unless stated otherwise.' },
        { p: 'Luxembourg law applies.' },
      ],
    },
    {
      id: 'cookies',
      title: 'Cookie policy',
      blocks: [
        { p: 'The platform uses no advertising or audience-measurement cookies. It stores only what is strictly necessary for it to work, so no consent is needed.' },
        {
          ul: [
            'osaps_csrf (cookie): anti-forgery token protecting the forms you send.',
            'osaps.anonymousId (browser local storage): your anonymous ID, to keep you signed in.',
            'osaps.language (local storage): the last language chosen.',
            'lastSelectedModuleId (local storage): the last theme chosen on the dashboard.',
          ],
        },
        { p: 'These persistent items are kept at most 1 month after your last visit. You can delete them at any time in your browser settings; logging out also removes your ID from this browser.' },
      ],
    },
  ],
};
