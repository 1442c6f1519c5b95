/* Result entry (issue 15): focus stays where the next entry is.
   - After a table's result is saved (a row swapped in as done), the first result button of the
     next table still open gets the focus, so the organizer taps or presses Enter again.
   - The keyboard entry ("12 2-1", Enter) comes back empty with data-focus: its field gets the
     focus again. A refused row keeps the focus on its own buttons. */
(function () {
  "use strict";
  function firstOpen(from) {
    var rows = Array.prototype.slice.call(document.querySelectorAll("li.entry"));
    var start = from ? rows.indexOf(from) + 1 : 0;
    var ordered = rows.slice(start).concat(rows.slice(0, start));
    for (var i = 0; i < ordered.length; i++) {
      if (!ordered[i].classList.contains("done")) return ordered[i];
    }
    return null;
  }
  document.addEventListener("htmx:afterSettle", function (e) {
    var el = e.detail && e.detail.elt;
    if (!el || !el.matches) return;
    var typed = document.querySelector("#keyboard-entry [data-focus]");
    if (typed) { typed.focus(); typed.select && typed.select(); return; }
    if (!el.matches("li.entry")) return;
    var target = el.classList.contains("has-error") ? el : firstOpen(el);
    var button = target && target.querySelector("button[name=result], select[name=result]");
    if (button) button.focus();
  });
})();
