import type { LegalText } from './types';

export const legalFr: LegalText = {
  title: 'Informations légales',
  updated: 'Dernière mise à jour : novembre 2026',
  sections: [
    {
      id: 'protection',
      title: 'Protection des données',
      blocks: [
        { p: 'Responsable du traitement : l’Office de surveillance de l’accessibilité des produits et des services (OSAPS), dont les coordonnées figurent en bas de page. Les traitements reposent sur l’exécution de la mission d’intérêt public de l’office (article 6, paragraphe 1, point e) du règlement général sur la protection des données, RGPD).' },
        { h3: 'Ce que nous enregistrons et pourquoi' },
        {
          ul: [
            'Votre ID Anonyme : nous n’en conservons jamais la valeur, seulement une empreinte calculée avec une clé secrète (hachage à clé) et ses derniers caractères pour l’affichage. Il sert uniquement à vous reconnaître quand vous revenez.',
            'Votre pseudonyme, si vous en choisissez un : il sert seulement à vous saluer. N’y mettez pas votre vrai nom.',
            'Votre progression dans les cours (statut, pourcentage, score, temps passé, dates d’accès) : pour vous permettre de reprendre là où vous vous êtes arrêté et de débloquer les cours suivants.',
            'Les traces d’apprentissage au format xAPI, rattachées à un identifiant opaque qui ne permet pas de retrouver votre ID : pour des statistiques d’usage anonymes et l’amélioration des cours.',
            'Les messages envoyés par le formulaire de contact (nom, prénom, adresse email, téléphone facultatif, message) : pour vous répondre. Ils sont conservés le temps nécessaire au traitement de votre demande, puis au plus un an.',
          ],
        },
        { p: 'Nous ne collectons aucune autre donnée, n’utilisons aucun outil de mesure d’audience tiers et ne transmettons vos données à personne. Les données sont hébergées au Luxembourg.' },
        { h3: 'Vos droits' },
        { p: 'Vous pouvez demander l’accès à vos données, leur rectification ou leur effacement, et vous opposer à leur traitement, en écrivant à l’office (indiquez votre ID Anonyme si votre demande porte sur votre progression). Vous pouvez aussi introduire une réclamation auprès de la Commission nationale pour la protection des données (CNPD), 15, boulevard du Jazz, L-4370 Belvaux, cnpd.public.lu.' },
      ],
    },
    {
      id: 'apropos',
      title: 'À propos',
      blocks: [
        { p: 'Cette plateforme d’apprentissage est éditée par l’OSAPS, l’autorité luxembourgeoise chargée de surveiller l’accessibilité des produits et des services au titre de la loi du 8 mars 2023, qui transpose l’Acte européen sur l’accessibilité (directive (UE) 2019/882). Les obligations s’appliquent depuis le 28 juin 2025.' },
        { p: 'Elle s’adresse aux fabricants, importateurs, distributeurs et prestataires de services qui veulent comprendre les exigences d’accessibilité et mettre leurs produits et services en conformité. Les cours sont regroupés en thèmes et se suivent par niveaux.' },
        { p: 'La plateforme est gratuite, sans publicité et accessible sans compte nominatif.' },
      ],
    },
    {
      id: 'accessibilite',
      title: 'Déclaration d’accessibilité',
      blocks: [
        { p: 'L’OSAPS s’engage à rendre cette plateforme accessible conformément à la loi du 28 mai 2019 relative à l’accessibilité des sites internet et des applications mobiles des organismes du secteur public. Cette déclaration s’applique à la plateforme d’apprentissage (pages publiques et espace apprenant).' },
        { h3: 'État de conformité' },
        { p: 'Cette plateforme est partiellement conforme au référentiel d’évaluation de l’accessibilité web (RAWeb), qui reprend la norme européenne EN 301 549 et les WCAG 2.1 niveau AA, en raison des non-conformités énumérées ci-dessous. Les interfaces de la plateforme elle-même visent les WCAG 2.2 niveau AA et sont vérifiées automatiquement à chaque version (axe-core) ainsi qu’au clavier.' },
        { h3: 'Contenus non accessibles' },
        {
          ul: [
            'Certains cours sont des paquets de contenu (SCORM, cmi5, AICC, H5P) produits par des tiers : leur accessibilité dépend de leur auteur et n’a pas toujours pu être vérifiée. Signalez-nous tout obstacle, nous demanderons une correction ou proposerons une alternative.',
            'Les vidéos des cours peuvent ne pas disposer d’audiodescription.',
            'Aucun audit manuel complet par un organisme indépendant n’a encore été réalisé : cette déclaration repose sur une auto-évaluation.',
          ],
        },
        { h3: 'Établissement de cette déclaration' },
        { p: 'Cette déclaration a été établie en novembre 2026 sur la base d’une auto-évaluation (tests automatiques axe-core et Lighthouse, parcours au clavier seul, contrôles des contrastes) avec Chromium et les lecteurs d’écran NVDA et Orca.' },
        { h3: 'Retour d’information et contact' },
        { p: 'Si vous ne pouvez pas accéder à un contenu ou à un service, utilisez le formulaire de contact en bas de page ou écrivez à l’office par courriel ou par courrier pour être orienté vers une alternative accessible ou obtenir le contenu sous une autre forme. Nous nous engageons à répondre dans un délai d’un mois.' },
        { h3: 'Procédure de mise en œuvre' },
        { p: 'Si vous n’obtenez pas de réponse satisfaisante, vous pouvez vous adresser à l’Ombudsman (Médiateur du Grand-Duché de Luxembourg), 36, rue du Marché-aux-Herbes, L-1728 Luxembourg, ombudsman.lu. Le contrôle de l’accessibilité des sites du secteur public relève du Service information et presse du gouvernement (SIP) ; l’OSAPS, qui surveille les produits et services, ne contrôle pas sa propre plateforme.' },
      ],
    },
    {
      id: 'aspectsLegaux',
      title: 'Aspects légaux et conditions d’utilisation',
      blocks: [
        { p: 'Éditeur : Office de surveillance de l’accessibilité des produits et des services (OSAPS), Luxembourg. Hébergement : infrastructure de l’État luxembourgeois.' },
        { h3: 'Utilisation' },
        {
          ul: [
            'L’accès est gratuit. Votre ID Anonyme est votre seule clé : gardez-le pour vous. Sans lui, votre progression ne peut pas être récupérée.',
            'N’entrez pas de données personnelles dans le pseudonyme ni dans les cours.',
            'Toute tentative de perturber le service ou d’accéder aux données d’autrui est interdite.',
          ],
        },
        { h3: 'Contenus et responsabilité' },
        { p: 'Les cours ont une visée pédagogique et ne constituent pas un avis juridique ; seul le texte de la loi publié au Journal officiel (Legilux) fait foi. Les contenus sont protégés par le droit d’auteur ; leur réutilisation à des fins non commerciales est autorisée avec mention de la source, sauf mention contraire.' },
        { p: 'Le droit luxembourgeois s’applique.' },
      ],
    },
    {
      id: 'cookies',
      title: 'Charte des cookies',
      blocks: [
        { p: 'La plateforme n’utilise aucun cookie publicitaire ni de mesure d’audience. Elle ne dépose que ce qui est strictement nécessaire à son fonctionnement ; aucun consentement n’est donc requis.' },
        {
          ul: [
            'osaps_csrf (cookie) : jeton anti-falsification qui protège vos envois de formulaires.',
            'osaps.anonymousId (stockage local du navigateur) : votre ID Anonyme, pour rester connecté.',
            'osaps.language (stockage local) : la dernière langue choisie.',
            'lastSelectedModuleId (stockage local) : le dernier thème choisi au tableau de bord.',
          ],
        },
        { p: 'Ces éléments persistants sont conservés au plus 1 mois après votre dernière visite. Vous pouvez les supprimer à tout moment dans les réglages de votre navigateur ; la déconnexion efface aussi votre ID de ce navigateur.' },
      ],
    },
  ],
};
