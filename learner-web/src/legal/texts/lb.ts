import type { LegalText } from './types';

export const legalLb: LegalText = {
  title: 'Legal Informatiounen',
  updated: 'Lescht Aktualiséierung: November 2026',
  sections: [
    {
      id: 'protection',
      title: 'Dateschutz',
      blocks: [
        { p: 'Verantwortlech fir d’Veraarbechtung: den Office fir d’Iwwerwaachung vun der Accessibilitéit vu Produkter a Servicer (OSAPS), deem seng Kontaktdonnéeën ënnen op der Säit stinn. D’Veraarbechtung baséiert op der Missioun vum Office am ëffentlechen Interessi (Artikel 6, Paragraf 1, Punkt e) vun der Datenschutz-Grondveruerdnung, RGPD).' },
        { h3: 'Wat mir späicheren a firwat' },
        {
          ul: [
            'Är anonym ID: mir halen ni hire Wäert, just en Ofdrock, dee mat engem geheime Schlëssel berechent gëtt (Hash mat Schlëssel), an hir lescht Zeeche fir d’Affichage. Si déngt just dofir, Iech erëmzeknennen, wann Dir zréckkommt.',
            'Äre Spëtznumm, wann Dir ee wielt: e déngt just dofir, Iech ze begréissen. Benotzt net Äre richtegen Numm.',
            'Äre Fortschrëtt an de Couren (Status, Prozentsaz, Resultat, verbruecht Zäit, Datume vum Zougang): fir datt Dir do weidermaache kënnt, wou Dir opgehalen hutt, an déi nächst Couren opgespaart ginn.',
            'Léierspuren am xAPI-Format, verbonne mat engem ondurchsichtegen Identifiant, mat deem Är ID net erëmfonnt ka ginn: fir anonym Notzungsstatistiken a fir d’Couren ze verbesseren.',
            'Noriichten, déi iwwer de Kontaktformular geschéckt ginn (Familljennumm, Virnumm, E-Mail-Adress, fakultativ Telefonsnummer, Noriicht): fir Iech z’äntweren. Si gi sou laang gehalen, wéi et fir d’Bearbechtung vun Ärer Ufro néideg ass, maximal ee Joer.',
          ],
        },
        { p: 'Mir sammelen keng aner Donnéeën, benotze kee Mooss vun der Fréquentatioun duerch Drëtter a ginn Är Donnéeën u keen eraus. D’Donnéeë ginn zu Lëtzebuerg gehost.' },
        { h3: 'Är Rechter' },
        { p: 'Dir kënnt den Accès op Är Donnéeën, hir Korrektur oder hir Läschung froen an Iech géint hir Veraarbechtung wieren, andeem Dir dem Office schreift (gitt Är anonym ID un, wann Är Ufro Äre Fortschrëtt betrëfft). Dir kënnt och eng Reklamatioun bei der Nationaler Kommissioun fir den Dateschutz (CNPD) maachen, 15, boulevard du Jazz, L-4370 Bieles, cnpd.public.lu.' },
      ],
    },
    {
      id: 'apropos',
      title: 'Iwwer eis',
      blocks: [
        { p: 'Dës Léierplattform gëtt vum OSAPS erausginn, der Lëtzebuerger Autoritéit, déi no dem Gesetz vum 8. Mäerz 2023 d’Accessibilitéit vu Produkter a Servicer iwwerwaacht. D’Gesetz setzt den europäeschen Accessibility Act (Direktiv (EU) 2019/882) ëm. D’Flichte gëllen zënter dem 28. Juni 2025.' },
        { p: 'Si riicht sech un Hiersteller, Importateuren, Händler a Servicerubidder, déi d’Ufuerderungen un d’Accessibilitéit verstoen an hir Produkter a Servicer an d’Rei bréngen wëllen. D’Couren sinn an Themen gruppéiert a bauen Niveau fir Niveau openeen op.' },
        { p: 'D’Plattform ass gratis, ouni Reklamm an et brauch een dofir kee Kont mat Numm.' },
      ],
    },
    {
      id: 'accessibilite',
      title: 'Deklaratioun iwwer d’Accessibilitéit',
      blocks: [
        { p: 'Den OSAPS engagéiert sech, dës Plattform no dem Gesetz vum 28. Mee 2019 iwwer d’Accessibilitéit vun de Websäiten an de mobillen Applikatioune vun den Organismen aus dem ëffentleche Secteur accessibel ze maachen. Dës Deklaratioun gëllt fir d’Léierplattform (ëffentlech Säiten a Léierberäich).' },
        { h3: 'Stand vun der Konformitéit' },
        { p: 'Dës Plattform ass deelweis konform mam Referenzsystem fir d’Evaluatioun vun der Accessibilitéit vum Web (RAWeb), deen d’europäesch Norm EN 301 549 an d’WCAG 2.1 um Niveau AA iwwerhëlt, wéinst den Net-Konformitéiten, déi hei ënnendrënner opgelëscht sinn. D’Interfacë vun der Plattform selwer zilen op d’WCAG 2.2 um Niveau AA a ginn bei all Versioun automatesch (axe-core) a mat der Tastatur gepréift.' },
        { h3: 'Net accessibel Inhalter' },
        {
          ul: [
            'Verschidde Couren sinn Inhaltspäck (SCORM, cmi5, AICC, H5P) vun Drëtten: hir Accessibilitéit hänkt vun hiren Auteuren of a konnt net ëmmer gepréift ginn. Mellt eis all Hindernis; mir froen no enger Korrektur oder bidden eng Alternativ un.',
            'D’Videoe vun de Couren hu méiglecherweis keng Audiodeskriptioun.',
            'Et gouf nach keen komplette manuellen Audit vun enger onofhängeger Stell gemaach: dës Deklaratioun baséiert op enger Selbstevaluatioun.',
          ],
        },
        { h3: 'Wéi dës Deklaratioun entstanen ass' },
        { p: 'Dës Deklaratioun gouf am November 2026 op Basis vun enger Selbstevaluatioun opgestallt (automatesch Tester mat axe-core a Lighthouse, Parcoursen nëmme mat der Tastatur, Kontrolle vum Kontrast) mat Chromium an de Schiirmlieser NVDA an Orca.' },
        { h3: 'Feedback a Kontakt' },
        { p: 'Wann Dir op en Inhalt oder e Service net zougräife kënnt, benotzt de Kontaktformular ënnen op der Säit oder schreift dem Office per E-Mail oder per Bréif, fir op eng accessibel Alternativ higewise ze ginn oder den Inhalt an enger anerer Form ze kréien. Mir äntweren bannent engem Mount.' },
        { h3: 'Prozedur fir d’Ëmsetzung' },
        { p: 'Wann Dir keng zefriddestellend Äntwert kritt, kënnt Dir Iech un den Ombudsman vum Groussherzogtum Lëtzebuerg wenden, 36, rue du Marché-aux-Herbes, L-1728 Lëtzebuerg, ombudsman.lu. D’Accessibilitéit vun de Websäite vum ëffentleche Secteur gëtt vum Service information et presse vun der Regierung (SIP) iwwerwaacht; den OSAPS, deen d’Produkter an d’Servicer iwwerwaacht, kontrolléiert seng eege Plattform net.' },
      ],
    },
    {
      id: 'aspectsLegaux',
      title: 'Legal Aspekter a Konditioune fir d’Benotzung',
      blocks: [
        { p: 'Editeur: Office fir d’Iwwerwaachung vun der Accessibilitéit vu Produkter a Servicer (OSAPS), Lëtzebuerg. Hosting: Infrastruktur vum Lëtzebuerger Staat.' },
        { h3: 'Benotzung' },
        {
          ul: [
            'Den Zougang ass gratis. Är anonym ID ass Äre volle Schlëssel: gitt se net weider. Ouni si kann Äre Fortschrëtt net erëmfonnt ginn.',
            'Gitt keng perséinlech Donnéeën am Spëtznumm oder an de Couren an.',
            'All Versuch, de Service ze stéieren oder op d’Donnéeë vun aneren zouzegräifen, ass verbueden.',
          ],
        },
        { h3: 'Inhalter a Responsabilitéit' },
        { p: 'D’Couren hunn en pedagogeschen Zweck a sinn keng juristesch Berodung; just den Text vum Gesetz, deen am Journal officiel (Legilux) publizéiert ass, ass verbindlech. D’Inhalter sinn duerch den Droit d’auteur geschützt; si dierfen ouni kommerziellen Zweck weiderbenotzt ginn, wann d’Quell genannt gëtt, ausser et steet eppes anescht do.' },
        { p: 'Et gëllt d’Lëtzebuerger Recht.' },
      ],
    },
    {
      id: 'cookies',
      title: 'Charta vun de Cookien',
      blocks: [
        { p: 'D’Plattform benotzt keng Cookie fir Reklamm oder fir d’Fréquentatioun ze moossen. Si späichert just dat, wat fir hire Fonctionnement onbedéngt néideg ass; dofir braucht et keen Averständnis.' },
        {
          ul: [
            'osaps_csrf (Cookie): Schutzjeton géint gefälscht Ufroen, wann Dir Formulairen ofschéckt.',
            'osaps.anonymousId (lokale Späicher vum Browser): Är anonym ID, fir datt Dir ageloggt bleift.',
            'osaps.language (lokale Späicher): déi lescht gewielte Sprooch.',
            'lastSelectedModuleId (lokale Späicher): dat lescht Thema, dat Dir op der Iwwersiicht gewielt hutt.',
          ],
        },
        { p: 'Dës persistent Elementer ginn héchstens 1 Mount no Ärer leschter Visite gehalen. Dir kënnt se all Moment an den Astellunge vun Ärem Browser läschen; beim Ausloggen gëtt Är ID och aus dësem Browser geläscht.' },
      ],
    },
  ],
};
