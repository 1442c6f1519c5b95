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
  // A button marked data-print prints the page (no inline handlers: the CSP allows none).
  document.addEventListener("click", function (e) {
    var button = e.target && e.target.closest && e.target.closest("[data-print]");
    if (button) window.print();
  });
  // A switch data-toggle-class="x" puts class x on <html> (e.g. every tiebreak column of the
  // standings); the choice is remembered on this device and survives the live refreshes.
  function applySwitches() {
    document.querySelectorAll("[data-toggle-class]").forEach(function (button) {
      var name = button.getAttribute("data-toggle-class");
      var on = false;
      try { on = window.localStorage.getItem("torneo." + name) === "1"; } catch (err) { on = false; }
      document.documentElement.classList.toggle(name, on);
      button.setAttribute("aria-pressed", on ? "true" : "false");
    });
  }
  document.addEventListener("click", function (e) {
    var button = e.target && e.target.closest && e.target.closest("[data-toggle-class]");
    if (!button) return;
    var name = button.getAttribute("data-toggle-class");
    var on = !document.documentElement.classList.contains(name);
    try { window.localStorage.setItem("torneo." + name, on ? "1" : "0"); } catch (err) { /* private mode */ }
    applySwitches();
  });
  document.addEventListener("DOMContentLoaded", applySwitches);
  document.addEventListener("htmx:afterSettle", applySwitches);
  // Issue 30 item 6: a form shows only the fields of what is chosen in one of its selects: an
  // element with data-shown-for="name:value" is shown (and sent) only while the select called
  // name holds value (the server renders the first state, this keeps it when the choice changes).
  function applyShownFor(form) {
    form.querySelectorAll("[data-shown-for]").forEach(function (el) {
      var rule = el.getAttribute("data-shown-for").split(":");
      var select = form.querySelector("select[name='" + rule[0] + "']");
      var on = !!select && select.value === rule.slice(1).join(":");
      el.hidden = !on;
      el.querySelectorAll("input, select, textarea").forEach(function (f) { f.disabled = !on; });
    });
  }
  document.addEventListener("change", function (e) {
    var form = e.target && e.target.form;
    if (form && e.target.tagName === "SELECT" && form.querySelector("[data-shown-for]")) applyShownFor(form);
  });
  // Issue 30 item 4: the language switch keeps the page as it is. The link goes to the address
  // shown now (the roster's picks and the filters travel there, pushed by htmx after the page
  // was drawn), and what was typed or chosen in the page's forms and not yet sent (the
  // lineup's places, the bench's order) is kept in sessionStorage for the page in the other
  // language to put back; hidden fields (the form's token, its version) come from the server.
  var DRAFT = "torneo.draft:";
  function draftFields(form) {
    return Array.prototype.filter.call(form.querySelectorAll("input, select, textarea"), function (el) {
      return el.name && !/^(hidden|password|file|submit|button|reset|image)$/.test(el.type);
    });
  }
  document.addEventListener("click", function (e) {
    var link = e.target && e.target.closest && e.target.closest("a.lang[hreflang]");
    if (!link) return;
    var params = new URLSearchParams(window.location.search);
    params.set("lang", link.getAttribute("hreflang"));
    link.setAttribute("href", window.location.pathname + "?" + params.toString() + window.location.hash);
    var forms = [];
    document.querySelectorAll("form").forEach(function (form) {
      forms.push(draftFields(form).map(function (el) {
        return [el.name, el.type === "checkbox" || el.type === "radio" ? el.checked : el.value];
      }));
    });
    try { window.sessionStorage.setItem(DRAFT + window.location.pathname, JSON.stringify(forms)); } catch (err) { /* private mode */ }
  });
  function restoreDrafts() {
    var key = DRAFT + window.location.pathname, forms;
    try {
      forms = JSON.parse(window.sessionStorage.getItem(key) || "null");
      window.sessionStorage.removeItem(key);
    } catch (err) { return; }
    if (!forms) return;
    document.querySelectorAll("form").forEach(function (form, i) {
      var saved = forms[i], seen = {};
      if (!saved) return;
      var fields = draftFields(form);
      saved.forEach(function (pair) {
        // The k-th field of a name takes the k-th value saved under it (the bench's order).
        var k = seen[pair[0]] = (seen[pair[0]] || 0) + 1;
        var same = fields.filter(function (el) { return el.name === pair[0]; });
        var el = same[k - 1];
        if (!el) return;
        if (el.type === "checkbox" || el.type === "radio") el.checked = !!pair[1];
        else if (el.value !== pair[1]) {
          el.value = pair[1];
          if (el.tagName === "SELECT") el.dispatchEvent(new Event("change", { bubbles: true }));
        }
      });
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", restoreDrafts);
  else restoreDrafts();
  // Forms that undo a lot ask first; the question is written (translated) in data-confirm.
  document.addEventListener("submit", function (e) {
    var form = e.target;
    var question = form && form.getAttribute && form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) e.preventDefault();
  }, true);
  // Live updates (torneo.web.live): an element data-live="event:12" opens one EventSource per
  // topic; each notice fires the htmx event "live" on <body>, so a section with
  // hx-trigger="live from:body" re-reads itself. A burst of notices (a minute of results) is
  // coalesced into one refresh at most every MIN_GAP ms, spread by a random delay so a room of
  // phones does not ask at the same instant. After a dropped stream comes back, the page
  // refreshes too: it may have missed a notice meanwhile. The stream sends back when the page
  // was read (<body data-live-since>), so a change made while it was opening arrives as a
  // "missed" notice instead of waiting for the slow poll.
  // A staff page (few readers, who must see another phone's change within a second: issue 26)
  // lowers the gap and the spread on its listening element (data-live-gap="ms",
  // data-live-spread="ms"; the lowest asked for on the page holds).
  // While a stream is down, <html> has data-live-state="lost": every [data-live-lost] element and
  // .live-lost banner (torneo.css) is shown until the stream is open again; a
  // stream the server closed (a restart, a refusal) is opened again after REOPEN ms.
  var MIN_GAP = 2000, SPREAD = 600, REOPEN = 4000;
  var sources = {}, timer = null, lastFired = 0, pending = null, down = {};
  function tune(el) {
    if (!el || !el.getAttribute) return;
    var gap = parseInt(el.getAttribute("data-live-gap") || "", 10);
    var spread = parseInt(el.getAttribute("data-live-spread") || "", 10);
    if (gap >= 0 && gap < MIN_GAP) { MIN_GAP = gap; if (!(spread >= 0)) spread = gap; }
    if (spread >= 0 && spread < SPREAD) SPREAD = spread;
  }
  function showLost() {
    var lost = Object.keys(down).length > 0;
    document.documentElement.setAttribute("data-live-state", lost ? "lost" : "live");
    document.querySelectorAll("[data-live-lost]").forEach(function (el) { el.hidden = !lost; });
  }
  function fire(detail) {
    if (pending) {
      if (pending.kinds.indexOf(detail.kind) < 0) pending.kinds.push(detail.kind);
      pending.kind = detail.kind; pending.topic = detail.topic; pending.data = detail.data;
    } else {
      pending = { topic: detail.topic, kind: detail.kind, data: detail.data, kinds: [detail.kind] };
    }
    if (timer) return;
    var wait = Math.max(0, MIN_GAP - (Date.now() - lastFired)) + Math.floor(Math.random() * SPREAD);
    timer = window.setTimeout(function () {
      var detail = pending;
      timer = null; pending = null; lastFired = Date.now();
      if (window.htmx) window.htmx.trigger(document.body, "live", detail);
      else document.body.dispatchEvent(new CustomEvent("live", { detail: detail }));
    }, wait);
  }
  function listen(topic) {
    if (!topic || sources[topic] || !window.EventSource) return;
    var since = document.body && document.body.getAttribute("data-live-since");
    var url = "/live/" + encodeURIComponent(topic) + (since ? "?since=" + encodeURIComponent(since) : "");
    var source = new EventSource(url);
    var opened = false;
    sources[topic] = source;
    source.addEventListener("open", function () {
      if (opened) fire({ topic: topic, kind: "reconnect", data: {} });
      opened = true;
      delete down[topic];
      showLost();
    });
    source.addEventListener("error", function () {
      down[topic] = true;  // "open" clears it
      showLost();
      if (source.readyState !== 2) return;  // CONNECTING: the browser retries by itself
      if (sources[topic] === source) delete sources[topic];
      window.setTimeout(function () {
        if (sources[topic]) return;
        listen(topic);
        if (sources[topic]) fire({ topic: topic, kind: "reconnect", data: {} });
      }, REOPEN);
    });
    source.addEventListener("message", function (e) {
      var notice;
      try { notice = JSON.parse(e.data); } catch (err) { return; }
      fire({ topic: notice.topic || topic, kind: notice.kind || "notice", data: notice.data || {} });
    });
  }
  function scan(root) {
    var scope = root && root.querySelectorAll ? root : document;
    if (scope.getAttribute && scope.getAttribute("data-live")) {
      tune(scope);
      listen(scope.getAttribute("data-live"));
    }
    scope.querySelectorAll("[data-live]").forEach(function (el) {
      tune(el);
      listen(el.getAttribute("data-live"));
    });
  }
  document.addEventListener("DOMContentLoaded", function () { scan(document); });
  document.addEventListener("htmx:load", function (e) { scan(e.target); showLost(); });
  window.addEventListener("pagehide", function () {
    Object.keys(sources).forEach(function (t) { sources[t].close(); });
    sources = {};
    down = {};
  });
  window.addEventListener("pageshow", function (e) { if (e.persisted) scan(document); });
})();
/* Live regions (issue 26 item 2): an element with an id, data-live-region and
   hx-trigger="refresh" (with its own hx-get/hx-select) re-reads itself on every live notice of the
   page. What a person is typing is never lost: while a field inside it has the focus the refresh
   waits until the focus leaves, and values changed by hand are put back into the same fields
   (form address + field name) after the swap, as are the open <details>. The director's page
   was the first to need it; every staff desk and public page with forms uses the same. */
(function () {
  "use strict";
  var waiting = {}, kept = {};
  function regions() { return document.querySelectorAll("[data-live-region][id]"); }
  function typingIn(region) {
    var el = document.activeElement;
    return !!(el && region.contains(el) && /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName) && el.type !== "submit");
  }
  function refresh(region) {
    if (!window.htmx) return;
    if (typingIn(region)) { waiting[region.id] = true; return; }
    delete waiting[region.id];
    window.htmx.trigger(region, "refresh");
  }
  function key(el) {
    var form = el.form ? el.form.getAttribute("action") + (el.form.querySelector("[name=type]") ? ":" + el.form.querySelector("[name=type]").value : "") : "";
    return form + "|" + el.name;
  }
  function changed(el) {
    if (el.type === "checkbox" || el.type === "radio") return el.checked !== el.defaultChecked;
    if (el.tagName === "SELECT") {
      var first = Array.prototype.filter.call(el.options, function (o) { return o.defaultSelected; })[0] || el.options[0] || {};
      return el.value !== first.value;
    }
    return el.value !== el.defaultValue;
  }
  document.addEventListener("htmx:beforeSwap", function (e) {
    var region = e.detail.target;
    if (!region || !region.hasAttribute || !region.hasAttribute("data-live-region")) return;
    var keep = { values: {}, open: [] };
    region.querySelectorAll("input, textarea, select").forEach(function (el) {
      if (!el.name || el.type === "hidden" || !changed(el)) return;
      keep.values[key(el) + (el.type === "radio" ? "=" + el.value : "")] = (el.type === "checkbox" || el.type === "radio") ? el.checked : el.value;
    });
    region.querySelectorAll("details").forEach(function (d, i) { if (d.open) keep.open.push(i); });
    kept[region.id] = keep;
  });
  document.addEventListener("htmx:afterSwap", function () {
    Object.keys(kept).forEach(function (id) {
      var region = document.getElementById(id), was = kept[id];
      delete kept[id];
      if (!region) return;
      region.querySelectorAll("input, textarea, select").forEach(function (el) {
        var k = key(el) + (el.type === "radio" ? "=" + el.value : "");
        if (!el.name || !(k in was.values)) return;
        if (el.type === "checkbox" || el.type === "radio") el.checked = was.values[k]; else el.value = was.values[k];
      });
      var all = region.querySelectorAll("details");
      was.open.forEach(function (i) { if (all[i]) all[i].open = true; });
    });
  });
  document.addEventListener("live", function () { regions().forEach(refresh); });
  document.addEventListener("focusout", function () {
    window.setTimeout(function () {
      regions().forEach(function (region) { if (waiting[region.id] && !typingIn(region)) refresh(region); });
    }, 200);
  });
})();
