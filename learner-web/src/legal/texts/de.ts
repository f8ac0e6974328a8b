import type { LegalText } from './types';

export const legalDe: LegalText = {
  title: 'Rechtliche Hinweise',
  updated: 'Letzte Aktualisierung: November 2026',
  sections: [
    {
      id: 'protection',
      title: 'Datenschutz',
      blocks: [
        { p: 'Verantwortlicher: das Amt für die Überwachung der Barrierefreiheit von Produkten und Dienstleistungen (OSAPS), dessen Kontaktdaten unten auf der Seite stehen. Die Verarbeitung beruht auf der im öffentlichen Interesse liegenden Aufgabe des Amtes (Artikel 6 Absatz 1 Buchstabe e der Datenschutz-Grundverordnung, DSGVO).' },
        { h3: 'Was wir speichern und warum' },
        {
          ul: [
            'Ihre anonyme ID: Wir speichern nie ihren Wert, sondern nur einen mit einem geheimen Schlüssel berechneten Fingerabdruck (Hash mit Schlüssel) und ihre letzten Zeichen für die Anzeige. Sie dient nur dazu, Sie bei Ihrer Rückkehr zu erkennen.',
            'Ihr Spitzname, falls Sie einen wählen: Er dient nur der Begrüßung. Verwenden Sie nicht Ihren echten Namen.',
            'Ihr Fortschritt in den Kursen (Status, Prozentsatz, Ergebnis, Lernzeit, Zugriffsdaten): damit Sie dort weitermachen können, wo Sie aufgehört haben, und die nächsten Kurse freigeschaltet werden.',
            'Lernaufzeichnungen im xAPI-Format, verknüpft mit einer undurchsichtigen Kennung, aus der Ihre ID nicht ermittelt werden kann: für anonyme Nutzungsstatistiken und zur Verbesserung der Kurse.',
            'Über das Kontaktformular gesendete Nachrichten (Nachname, Vorname, E-Mail-Adresse, freiwillige Telefonnummer, Nachricht): um Ihnen zu antworten. Sie werden so lange aufbewahrt, wie es die Bearbeitung Ihrer Anfrage erfordert, höchstens ein Jahr.',
          ],
        },
        { p: 'Wir erheben keine weiteren Daten, nutzen keine Reichweitenmessung durch Dritte und geben Ihre Daten an niemanden weiter. Die Daten werden in Luxemburg gespeichert.' },
        { h3: 'Ihre Rechte' },
        { p: 'Sie können Auskunft über Ihre Daten, ihre Berichtigung oder Löschung verlangen und der Verarbeitung widersprechen, indem Sie dem Amt schreiben (geben Sie Ihre anonyme ID an, wenn Ihre Anfrage Ihren Fortschritt betrifft). Sie können auch Beschwerde bei der Nationalen Datenschutzkommission (CNPD) einlegen, 15, boulevard du Jazz, L-4370 Belvaux, cnpd.public.lu.' },
      ],
    },
    {
      id: 'apropos',
      title: 'Über uns',
      blocks: [
        { p: 'Diese Lernplattform wird vom OSAPS herausgegeben, der luxemburgischen Behörde, die nach dem Gesetz vom 8. März 2023 die Barrierefreiheit von Produkten und Dienstleistungen überwacht. Das Gesetz setzt den European Accessibility Act (Richtlinie (EU) 2019/882) um. Die Pflichten gelten seit dem 28. Juni 2025.' },
        { p: 'Sie richtet sich an Hersteller, Einführer, Händler und Dienstleistungserbringer, die die Barrierefreiheitsanforderungen verstehen und ihre Produkte und Dienstleistungen konform gestalten wollen. Die Kurse sind in Themen gegliedert und bauen stufenweise aufeinander auf.' },
        { p: 'Die Plattform ist kostenlos, werbefrei und ohne namentliches Konto nutzbar.' },
      ],
    },
    {
      id: 'accessibilite',
      title: 'Erklärung zur Barrierefreiheit',
      blocks: [
        { p: 'Das OSAPS ist bestrebt, diese Plattform gemäß dem Gesetz vom 28. Mai 2019 über den barrierefreien Zugang zu den Websites und mobilen Anwendungen öffentlicher Stellen barrierefrei zugänglich zu machen. Diese Erklärung gilt für die Lernplattform (öffentliche Seiten und Lernbereich).' },
        { h3: 'Stand der Vereinbarkeit' },
        { p: 'Diese Plattform ist wegen der unten aufgeführten Unvereinbarkeiten teilweise mit dem Bewertungsrahmen für die Barrierefreiheit im Web (RAWeb) vereinbar, der die europäische Norm EN 301 549 und die WCAG 2.1 Stufe AA übernimmt. Die Oberflächen der Plattform selbst zielen auf die WCAG 2.2 Stufe AA und werden bei jeder Version automatisch (axe-core) und mit der Tastatur geprüft.' },
        { h3: 'Nicht barrierefreie Inhalte' },
        {
          ul: [
            'Manche Kurse sind Inhaltspakete (SCORM, cmi5, AICC, H5P) von Dritten: Ihre Barrierefreiheit hängt von ihren Autoren ab und konnte nicht immer geprüft werden. Melden Sie uns jedes Hindernis; wir fordern eine Korrektur an oder bieten eine Alternative.',
            'Kursvideos haben unter Umständen keine Audiodeskription.',
            'Eine vollständige manuelle Prüfung durch eine unabhängige Stelle wurde noch nicht durchgeführt: Diese Erklärung beruht auf einer Selbstbewertung.',
          ],
        },
        { h3: 'Erstellung dieser Erklärung' },
        { p: 'Diese Erklärung wurde im November 2026 auf Grundlage einer Selbstbewertung erstellt (automatische Tests mit axe-core und Lighthouse, Abläufe nur mit der Tastatur, Kontrastprüfungen) mit Chromium und den Bildschirmlesern NVDA und Orca.' },
        { h3: 'Feedback und Kontakt' },
        { p: 'Wenn Sie auf einen Inhalt oder Dienst nicht zugreifen können, nutzen Sie das Kontaktformular unten auf der Seite oder schreiben Sie dem Amt per E-Mail oder Post, um auf eine barrierefreie Alternative hingewiesen zu werden oder den Inhalt in anderer Form zu erhalten. Wir antworten innerhalb eines Monats.' },
        { h3: 'Durchsetzungsverfahren' },
        { p: 'Erhalten Sie keine zufriedenstellende Antwort, können Sie sich an den Ombudsman des Großherzogtums Luxemburg wenden, 36, rue du Marché-aux-Herbes, L-1728 Luxemburg, ombudsman.lu. Die Barrierefreiheit der Websites öffentlicher Stellen überwacht der Informations- und Presseservice der Regierung (SIP); das OSAPS, das Produkte und Dienstleistungen überwacht, kontrolliert seine eigene Plattform nicht.' },
      ],
    },
    {
      id: 'aspectsLegaux',
      title: 'Rechtliche Aspekte und Nutzungsbedingungen',
      blocks: [
        { p: 'Herausgeber: Amt für die Überwachung der Barrierefreiheit von Produkten und Dienstleistungen (OSAPS), Luxemburg. Hosting: Infrastruktur des luxemburgischen Staates.' },
        { h3: 'Nutzung' },
        {
          ul: [
            'Der Zugang ist kostenlos. Ihre anonyme ID ist Ihr einziger Schlüssel: Geben Sie sie nicht weiter. Ohne sie kann Ihr Fortschritt nicht wiederhergestellt werden.',
            'Geben Sie im Spitznamen und in den Kursen keine personenbezogenen Daten ein.',
            'Jeder Versuch, den Dienst zu stören oder auf die Daten anderer zuzugreifen, ist untersagt.',
          ],
        },
        { h3: 'Inhalte und Haftung' },
        { p: 'Die Kurse dienen der Weiterbildung und sind keine Rechtsberatung; verbindlich ist allein der im Amtsblatt (Legilux) veröffentlichte Gesetzestext. Die Inhalte sind urheberrechtlich geschützt; ihre nicht kommerzielle Weiterverwendung ist mit Quellenangabe erlaubt, sofern nicht anders angegeben.' },
        { p: 'Es gilt luxemburgisches Recht.' },
      ],
    },
    {
      id: 'cookies',
      title: 'Cookie-Richtlinie',
      blocks: [
        { p: 'Die Plattform verwendet keine Werbe- oder Reichweiten-Cookies. Sie speichert nur, was für ihren Betrieb unbedingt erforderlich ist; eine Einwilligung ist daher nicht nötig.' },
        {
          ul: [
            'osaps_csrf (Cookie): Schutz-Token gegen gefälschte Anfragen beim Absenden von Formularen.',
            'osaps.anonymousId (lokaler Speicher des Browsers): Ihre anonyme ID, damit Sie angemeldet bleiben.',
            'osaps.language (lokaler Speicher): die zuletzt gewählte Sprache.',
            'lastSelectedModuleId (lokaler Speicher): das zuletzt auf der Übersicht gewählte Thema.',
          ],
        },
        { p: 'Diese dauerhaften Elemente werden höchstens 1 Monat nach Ihrem letzten Besuch aufbewahrt. Sie können sie jederzeit in den Einstellungen Ihres Browsers löschen; beim Abmelden wird Ihre ID ebenfalls aus diesem Browser entfernt.' },
      ],
    },
  ],
};
