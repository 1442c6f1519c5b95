/* Torneo: the few behaviours the pages need on top of htmx. */
(function () {
  "use strict";
  // After an inline result, every form on the page carries the event's new version.
  document.addEventListener("htmx:afterRequest", function (e) {
    var xhr = e.detail && e.detail.xhr;
    var version = xhr && xhr.getResponseHeader("X-Event-Version");
    if (!version) return;
    document.querySelectorAll('input[name="version"]').forEach(function (input) {
      input.value = version;
    });
  });
  // Forms that undo a lot ask first; the question is written (translated) in data-confirm.
  document.addEventListener("submit", function (e) {
    var form = e.target;
    var question = form && form.getAttribute && form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) e.preventDefault();
  }, true);
})();
