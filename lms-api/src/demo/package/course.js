/*
 * Page navigation of the demo course and its SCORM 1.2 tracking: the bookmark (cmi.core.lesson_location,
 * "page|language") is restored on entry, and cmi.core.lesson_status becomes "completed" on the last page.
 */
(function () {
  'use strict';
  var PAGES = 4;
  var texts = {
    fr: { position: 'Page {n} sur {total}', done: 'Module terminé : votre progression est enregistrée.' },
    en: { position: 'Page {n} of {total}', done: 'Module complete: your progress has been saved.' },
  };
  var state = { page: 1, language: 'fr' };
  var tracked = window.Scorm12.start();

  if (tracked) {
    var bookmark = window.Scorm12.get('cmi.core.lesson_location').split('|');
    var page = parseInt(bookmark[0], 10);
    if (page >= 1 && page <= PAGES) state.page = page;
    if (bookmark[1] === 'en' || bookmark[1] === 'fr') state.language = bookmark[1];
    if (window.Scorm12.get('cmi.core.lesson_status') === 'not attempted') window.Scorm12.set('cmi.core.lesson_status', 'incomplete');
  }

  function labelAll() {
    var labelled = document.querySelectorAll('[data-fr]');
    for (var i = 0; i < labelled.length; i++) {
      labelled[i].textContent = labelled[i].getAttribute('data-' + state.language);
    }
    // The switch button names the other language, in that language.
    document.getElementById('switch-language').setAttribute('lang', state.language === 'fr' ? 'en' : 'fr');
  }

  function render(moveFocus) {
    document.documentElement.lang = state.language;
    var blocks = document.querySelectorAll('[data-language]');
    for (var i = 0; i < blocks.length; i++) blocks[i].hidden = blocks[i].getAttribute('data-language') !== state.language;
    var current = document.querySelector('[data-language="' + state.language + '"]');
    var sections = current.querySelectorAll('[data-page]');
    for (var j = 0; j < sections.length; j++) sections[j].hidden = Number(sections[j].getAttribute('data-page')) !== state.page;
    labelAll();
    document.getElementById('previous').disabled = state.page === 1;
    document.getElementById('next').disabled = state.page === PAGES;
    document.getElementById('position').textContent = texts[state.language].position.replace('{n}', state.page).replace('{total}', PAGES);
    document.title = current.querySelector('[data-page="' + state.page + '"] h1, [data-page="' + state.page + '"] h2').textContent;
    if (moveFocus) current.querySelector('[data-page="' + state.page + '"] [tabindex="-1"]').focus();
    if (state.page === PAGES) complete();
    if (tracked) {
      window.Scorm12.set('cmi.core.lesson_location', state.page + '|' + state.language);
      window.Scorm12.commit();
    }
  }

  function complete() {
    document.getElementById(state.language + '-done').textContent = texts[state.language].done;
    if (!tracked) return;
    window.Scorm12.set('cmi.core.lesson_status', 'completed');
    window.Scorm12.commit();
  }

  document.getElementById('previous').addEventListener('click', function () {
    if (state.page > 1) state.page--;
    render(true);
  });
  document.getElementById('next').addEventListener('click', function () {
    if (state.page < PAGES) state.page++;
    render(true);
  });
  document.getElementById('switch-language').addEventListener('click', function () {
    state.language = state.language === 'fr' ? 'en' : 'fr';
    render(true);
  });
  window.addEventListener('pagehide', function () {
    if (tracked) window.Scorm12.set('cmi.core.exit', state.page === PAGES ? '' : 'suspend');
    window.Scorm12.finish();
  });

  render(false);
})();
