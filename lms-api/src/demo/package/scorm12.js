/*
 * Minimal SCORM 1.2 run-time wrapper of the demo course (SCORM 1.2 RTE 3.2: the SCO looks for the LMS's `API`
 * object in its parent windows, then in its opener's).
 */
(function () {
  'use strict';
  var api = null;
  var finished = false;

  function search(win) {
    var hops = 0;
    while (win && !win.API && win.parent && win.parent !== win && hops < 10) {
      hops++;
      win = win.parent;
    }
    return win && win.API ? win.API : null;
  }

  function findApi() {
    try {
      var found = search(window);
      if (!found && window.opener) found = search(window.opener);
      return found;
    } catch {
      // A parent or opener of another origin cannot be read: no LMS to talk to.
      return null;
    }
  }

  window.Scorm12 = {
    /** True when an LMS answered LMSInitialize; the course also works (untracked) without one. */
    start: function () {
      api = findApi();
      if (!api) return false;
      return String(api.LMSInitialize('')) === 'true';
    },
    get: function (element) {
      return api ? String(api.LMSGetValue(element)) : '';
    },
    set: function (element, value) {
      return api ? String(api.LMSSetValue(element, String(value))) === 'true' : false;
    },
    commit: function () {
      return api ? String(api.LMSCommit('')) === 'true' : false;
    },
    finish: function () {
      if (!api || finished) return;
      finished = true;
      api.LMSFinish('');
    },
  };
})();
