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
/* The director's page (issue 26 item 2): #director-live re-reads itself (htmx "refresh") on
   every notice of the tournament's live topic. What a person is typing is never lost: while a
   field of the page has the focus the refresh waits until it leaves, and values changed by hand
   are put back into the same fields (form address + field name) after the swap, as are the
   open <details>. */
(function () {
  "use strict";
  var waiting = false;
  function box() { return document.getElementById("director-live"); }
  function typing() {
    var el = document.activeElement, live = box();
    return !!(el && live && live.contains(el) && /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName) && el.type !== "submit");
  }
  function refresh() {
    var live = box();
    if (!live || !window.htmx) return;
    if (typing()) { waiting = true; return; }
    waiting = false;
    window.htmx.trigger(live, "refresh");
  }
  function key(el) {
    var form = el.form ? el.form.getAttribute("action") + (el.form.querySelector("[name=type]") ? ":" + el.form.querySelector("[name=type]").value : "") : "";
    return form + "|" + el.name;
  }
  var kept = null;
  document.addEventListener("htmx:beforeSwap", function (e) {
    var live = box();
    if (!live || e.detail.target !== live) return;
    kept = { values: {}, open: [] };
    live.querySelectorAll("input, textarea, select").forEach(function (el) {
      if (!el.name || el.type === "hidden") return;
      var changed = el.type === "checkbox" ? el.checked !== el.defaultChecked
        : el.tagName === "SELECT" ? el.value !== (Array.prototype.filter.call(el.options, function (o) { return o.defaultSelected; })[0] || el.options[0] || {}).value
        : el.value !== el.defaultValue;
      if (changed) kept.values[key(el)] = el.type === "checkbox" ? el.checked : el.value;
    });
    live.querySelectorAll("details").forEach(function (d, i) { if (d.open) kept.open.push(i); });
  });
  document.addEventListener("htmx:afterSwap", function () {
    var live = box();
    if (!live || !kept) return;
    var was = kept; kept = null;
    live.querySelectorAll("input, textarea, select").forEach(function (el) {
      var k = key(el);
      if (!el.name || !(k in was.values)) return;
      if (el.type === "checkbox") el.checked = was.values[k]; else el.value = was.values[k];
    });
    var all = live.querySelectorAll("details");
    was.open.forEach(function (i) { if (all[i]) all[i].open = true; });
  });
  document.addEventListener("live", function () { if (box()) refresh(); });
  document.addEventListener("focusout", function () {
    if (waiting) window.setTimeout(function () { if (waiting && !typing()) refresh(); }, 200);
  });
})();
