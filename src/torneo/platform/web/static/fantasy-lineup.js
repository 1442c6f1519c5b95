/* A fantasy lineup's bench (issue 30 item 2, FAN-SUB-1: the order is who enters first).
   Without JavaScript the arrows post the form and the page comes back reordered. With it, the
   places move at once in the page: dragged (mouse) or by the arrows (touch, keyboard); the
   form then sends the bench in the order shown, since a form's values follow the page. */
(function () {
  "use strict";
  var dragged = null;

  function renumber(list) {
    var places = list.querySelectorAll("li.fl-place");
    for (var i = 0; i < places.length; i++) {
      var up = places[i].querySelector("[data-move='-1']");
      var down = places[i].querySelector("[data-move='1']");
      if (up) { up.value = String(i); up.disabled = i === 0; }
      if (down) { down.value = String(i); down.disabled = i === places.length - 1; }
    }
  }

  function setUp(list) {
    list.addEventListener("click", function (e) {
      var button = e.target.closest && e.target.closest("button[data-move]");
      if (!button) return;
      e.preventDefault();
      var place = button.closest("li.fl-place");
      if (button.getAttribute("data-move") === "-1" && place.previousElementSibling) {
        list.insertBefore(place, place.previousElementSibling);
      } else if (button.getAttribute("data-move") === "1" && place.nextElementSibling) {
        list.insertBefore(place.nextElementSibling, place);
      }
      renumber(list);
      var again = place.querySelector("button[data-move='" + button.getAttribute("data-move") + "']");
      (again && !again.disabled ? again : button).focus();
    });
    list.addEventListener("dragstart", function (e) {
      dragged = e.target.closest && e.target.closest("li.fl-place");
      if (!dragged) return;
      dragged.classList.add("dragging");
      e.dataTransfer.effectAllowed = "move";
      e.dataTransfer.setData("text/plain", "");
    });
    list.addEventListener("dragover", function (e) {
      var over = e.target.closest && e.target.closest("li.fl-place");
      if (!dragged || !over || over === dragged) return;
      e.preventDefault();
      var box = over.getBoundingClientRect();
      var after = e.clientY > box.top + box.height / 2;
      list.insertBefore(dragged, after ? over.nextElementSibling : over);
    });
    list.addEventListener("drop", function (e) { if (dragged) e.preventDefault(); });
    list.addEventListener("dragend", function () {
      if (dragged) dragged.classList.remove("dragging");
      dragged = null;
      renumber(list);
    });
  }

  function start() {
    var list = document.getElementById("bench");
    if (list) setUp(list);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
