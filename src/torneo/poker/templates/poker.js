/* Poker pages: the clock counting down, and the director's page following every phone's change.
   Served as /poker/assets/poker.js (no inline script: the Content-Security-Policy allows none). */
/* The clock counts down here every second from the stored state; the page re-reads it often.
   Every other figure of time on the page (data-countdown-from="seconds", e.g. "break in") ticks
   from the same server moment as the level's clock, so the two never disagree (issue 15 item 8). */
(function () {
  "use strict";
  var anchor = null;
  function read() {
    var el = document.querySelector("[data-seconds-left]");
    if (!el) { anchor = null; return; }
    anchor = { left: parseInt(el.getAttribute("data-seconds-left"), 10), running: el.getAttribute("data-running") === "1", at: Date.now() };
    document.querySelectorAll("[data-countdown-from]").forEach(function (other) {
      other.setAttribute("data-base", other.getAttribute("data-countdown-from"));
    });
  }
  function fmt(s) {
    s = Math.max(0, s);
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), x = s % 60;
    var mm = (m < 10 ? "0" : "") + m, xx = (x < 10 ? "0" : "") + x;
    return h ? h + ":" + mm + ":" + xx : mm + ":" + xx;
  }
  function tick() {
    if (!anchor) return;
    var left = anchor.running ? anchor.left - Math.floor((Date.now() - anchor.at) / 1000) : anchor.left;
    document.querySelectorAll("[data-countdown]").forEach(function (el) { el.textContent = fmt(left); });
    var gone = anchor.running ? Math.floor((Date.now() - anchor.at) / 1000) : 0;
    document.querySelectorAll("[data-base]").forEach(function (el) {
      el.textContent = fmt(parseInt(el.getAttribute("data-base"), 10) - gone);
    });
    if (anchor.running && left <= 0 && window.htmx) {
      var live = document.querySelector("[data-live]");
      if (live) { anchor.running = false; window.htmx.trigger(live, "refresh"); }
    }
  }
  document.addEventListener("DOMContentLoaded", function () { read(); tick(); });
  document.addEventListener("htmx:afterSwap", function () { read(); tick(); });
  setInterval(tick, 250);
})();
/* The director's page re-reads itself through torneo.js's live regions (data-live-region). */
