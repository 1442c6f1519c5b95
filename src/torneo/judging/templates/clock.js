/* Round clocks: count down between polls from the server's figures (never from a local guess).
   Every element with data-remaining-ms shows mm:ss; data-running="1" makes it count. The server
   re-renders the fragment every few seconds (htmx polling), which re-syncs the figures, so a
   screen never drifts by more than one poll and never keeps state of its own. */
(function () {
  "use strict";
  function fmt(ms) {
    var s = Math.max(0, Math.ceil(ms / 1000));
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    var mm = (h ? String(m).padStart(2, "0") : String(m));
    return (h ? h + ":" : "") + mm + ":" + String(r).padStart(2, "0");
  }

  function tick() {
    stampNew();
    var now = performance.now();
    document.querySelectorAll("[data-remaining-ms]").forEach(function (el) {
      var base = Number(el.getAttribute("data-remaining-ms"));
      var since = Number(el.getAttribute("data-synced"));
      var running = el.getAttribute("data-running") === "1";
      var left = running ? base - (now - since) : base;
      var text = fmt(left);
      if (el.textContent !== text) el.textContent = text;
      var over = left <= 0;
      var box = el.closest("[data-clock-box]");
      if (box) box.classList.toggle("is-time", over);
      el.classList.toggle("is-time", over);
    });
  }

  // An element is synced when it arrives (page load or an htmx swap): its figure is "now".
  function stampNew() {
    var now = performance.now();
    document.querySelectorAll("[data-remaining-ms]:not([data-synced])").forEach(function (el) {
      el.setAttribute("data-synced", String(now));
    });
  }

  document.addEventListener("htmx:afterSettle", tick);
  document.addEventListener("DOMContentLoaded", tick);
  setInterval(tick, 250);
})();
