/* Torneo live draft (torneo.cards.draft.api_live): the player's pack, picks and timer.
   The timer counts down from the server's deadline and the server's clock (never the phone's):
   offset = server_now - local time at each message. WebSocket first; when it cannot open, the
   Server-Sent Events stream and POST. Every message from the server says what to show. */
(function () {
  "use strict";
  var root = document.querySelector("[data-draft]");
  if (root) draft(root);
  var builder = document.querySelector("[data-deck-builder]");
  if (builder) deckBuilder(builder);

  function draft(root) {
    var eventId = root.getAttribute("data-draft");
    var t = function (key) { return root.getAttribute("data-t-" + key) || key; };
    var el = function (role) { return root.querySelector('[data-role="' + role + '"]'); };
    var state = null, chosen = null, offset = 0, socket = null, failures = 0, useStream = false;
    var source = null;

    function fill(text, values) {
      return text.replace(/\{(\w+)\}/g, function (_, k) { return values[k]; });
    }
    function clockFrom(message) {
      if (message.server_now) offset = Date.parse(message.server_now) - Date.now();
    }
    function showError(message) {
      var box = el("error");
      if (!message) { box.hidden = true; box.textContent = ""; return; }
      box.hidden = false;
      box.textContent = message.reason + (message.accepted ? " — " + message.accepted : "");
    }
    function cardItem(card, button) {
      var li = document.createElement("li");
      var node = document.createElement(button ? "button" : "span");
      if (button) { node.type = "button"; node.className = "draft-card rarity-" + (card.rarity || ""); }
      node.setAttribute("data-card", card.id);
      var name = document.createElement("strong");
      name.textContent = card.name;
      var info = document.createElement("small");
      info.textContent = [card.rarity ? t("r-" + card.rarity) : "", card.faction, card.cost != null ? "⬤ " + card.cost : ""].filter(Boolean).join(" · ");
      node.appendChild(name); node.appendChild(document.createTextNode(" ")); node.appendChild(info);
      li.appendChild(node);
      return li;
    }
    function render() {
      if (!state) return;
      el("seat").textContent = state.pod ? fill(t("seat"), { p: state.pod, s: state.seat }) : "";
      el("position").textContent = state.booster ? fill(t("position"), { b: state.booster, k: state.pick }) : "";
      var status = { not_started: t("not-started"), waiting: t("waiting"), done: t("done"), out: t("out") }[state.state] || "";
      el("status").textContent = status;
      el("ready").textContent = state.seats && state.booster ? fill(t("ready"), { n: (state.ready || []).length, m: state.seats }) : "";
      var pack = el("pack");
      pack.textContent = "";
      (state.state === "picking" ? state.pack : []).forEach(function (card) {
        var li = cardItem(card, true);
        if (card.id === chosen) li.firstChild.classList.add("chosen");
        pack.appendChild(li);
      });
      el("confirm").disabled = !(state.state === "picking" && chosen);
      el("confirm").hidden = state.state !== "picking";
      var picks = el("picks");
      picks.textContent = "";
      (state.picks || []).forEach(function (card) { picks.appendChild(cardItem(card, false)); });
      el("count").textContent = (state.picks || []).length;
      el("deck").hidden = state.state !== "done";
    }
    function tick() {
      var timer = el("timer");
      if (!state || !state.deadline || state.state === "done" || state.state === "not_started") {
        timer.textContent = "";
      } else {
        var left = Math.max(0, Math.ceil((Date.parse(state.deadline) - (Date.now() + offset)) / 1000));
        timer.textContent = left + " s";
        timer.classList.toggle("urgent", left <= 10);
      }
    }
    window.setInterval(tick, 250);

    function receive(message) {
      clockFrom(message);
      if (message.type === "state") {
        state = message; showError(null);
        // A tap made while the state was on its way stays, if the card is still in the pack.
        if (!(state.pack || []).some(function (c) { return c.id === chosen; })) chosen = null;
      } else if (message.type === "pack" && state) {
        if (message.booster !== state.booster || message.pick !== state.pick || message.status !== "running") {
          if (message.status !== "running") { send({ type: "state" }); return; }
          // Still picking the pack that passed: the server's timer picked for us, so ask for
          // the whole state (our picks) back.
          var missed = state.state === "picking";
          state.booster = message.booster; state.pick = message.pick; state.deadline = message.deadline;
          state.pack = message.pack; state.ready = []; chosen = null;
          if (state.state !== "out") state.state = "picking";
          showError(null);
          if (missed) send({ type: "state" });
        }
      } else if (message.type === "ready" && state) {
        // one message for every seat of the pod that picked meanwhile (issue 32)
        if (message.booster === state.booster && message.pick === state.pick) {
          (message.seats || []).forEach(function (seat) {
            if (state.ready.indexOf(seat) < 0) state.ready.push(seat);
          });
        }
      } else if (message.type === "picked" && state) {
        if (message.booster === state.booster && message.pick === state.pick) {
          var card = (state.pack || []).filter(function (c) { return c.id === message.card; })[0] || { id: message.card, name: message.card };
          state.picks.push(card); state.state = "waiting"; state.pack = []; chosen = null;
        }
      } else if (message.type === "error") {
        showError(message);
        if (message.status === 409) send({ type: "state" });
      }
      render(); tick();
    }
    function send(message) {
      if (socket && socket.readyState === 1) { socket.send(JSON.stringify(message)); return; }
      if (message.type === "state") {
        fetch("/api/v1/events/" + eventId + "/draft/me", { credentials: "same-origin" })
          .then(function (r) { return r.json(); })
          .then(function (s) { s.type = "state"; receive(s); });
        return;
      }
      fetch("/api/v1/events/" + eventId + "/draft/picks", {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": root.getAttribute("data-csrf") },
        body: JSON.stringify({ card: message.card, booster: message.booster, pick: message.pick })
      }).then(function (r) {
        return r.json().then(function (body) {
          if (r.ok) receive({ type: "picked", card: body.card, booster: body.booster, pick: body.pick });
          else receive({ type: "error", status: r.status, reason: body.detail || body.title, accepted: body.accepted });
        });
      });
    }
    function connect() {
      if (useStream || !window.WebSocket) { stream(); return; }
      var scheme = location.protocol === "https:" ? "wss://" : "ws://";
      var opened = false;
      socket = new WebSocket(scheme + location.host + "/events/" + eventId + "/draft/ws");
      socket.onopen = function () { opened = true; failures = 0; };
      socket.onmessage = function (e) { receive(JSON.parse(e.data)); };
      socket.onclose = function () {
        socket = null;
        if (!opened && ++failures >= 2) useStream = true;
        el("status").textContent = t("offline");
        window.setTimeout(connect, 1000 + Math.random() * 1000);
      };
    }
    function stream() {
      if (source) return;
      source = new EventSource("/events/" + eventId + "/draft/stream");
      source.onmessage = function (e) { receive(JSON.parse(e.data)); };
    }
    root.addEventListener("click", function (e) {
      var card = e.target.closest && e.target.closest("button[data-card]");
      if (card) { chosen = card.getAttribute("data-card"); render(); return; }
      if (e.target.closest && e.target.closest('[data-role="confirm"]') && chosen && state) {
        send({ type: "pick", card: chosen, booster: state.booster, pick: state.pick });
        el("confirm").disabled = true;
      }
    });
    connect();
  }

  function deckBuilder(root) {
    var list = root.querySelector('[data-role="list"]');
    var total = root.querySelector('[data-role="total"]');
    function write() {
      var lines = [], sum = 0;
      root.querySelectorAll("tr[data-card]").forEach(function (row) {
        var n = parseInt(row.querySelector('[data-role="n"]').textContent, 10) || 0;
        if (n > 0) lines.push(n + " " + row.getAttribute("data-card"));
        sum += n;
      });
      list.value = lines.join("\n");
      total.textContent = sum;
    }
    root.addEventListener("click", function (e) {
      var button = e.target.closest && e.target.closest("[data-step]");
      if (!button) return;
      var row = button.closest("tr[data-card]");
      var out = row.querySelector('[data-role="n"]');
      var most = parseInt(row.getAttribute("data-most"), 10);
      var n = (parseInt(out.textContent, 10) || 0) + parseInt(button.getAttribute("data-step"), 10);
      out.textContent = Math.max(0, Math.min(most, n));
      write();
    });
    total.textContent = Array.prototype.reduce.call(root.querySelectorAll('[data-role="n"]'), function (s, o) { return s + (parseInt(o.textContent, 10) || 0); }, 0);
  }
})();
