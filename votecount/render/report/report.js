// Tooltips for the timeline marks: the SVG <title> texts become one styled tip that also
// works by keyboard focus and by tap (first tap shows, second tap follows the post link).
// Without this script the browser's own <title> tooltips still work.
(function () {
  "use strict";
  var tip = document.getElementById("tip");
  var marks = document.querySelectorAll("svg.timeline .mark");
  var shown = null;
  marks.forEach(function (mark) {
    var title = mark.querySelector("title");
    if (title) {
      mark.setAttribute("data-tip", title.textContent);
      mark.setAttribute("aria-label", title.textContent);
      title.remove();  // else the native tooltip shows on top of ours
    }
  });
  function show(mark) {
    var box = mark.getBoundingClientRect();
    tip.textContent = mark.getAttribute("data-tip");
    tip.hidden = false;
    var w = tip.offsetWidth, h = tip.offsetHeight;
    var left = Math.min(Math.max(4, box.left + box.width / 2 - w / 2), window.innerWidth - w - 4);
    var top = box.top - h - 8;
    if (top < 4) { top = box.bottom + 8; }
    tip.style.left = left + "px";
    tip.style.top = top + "px";
    shown = mark;
  }
  function hide() { tip.hidden = true; shown = null; }
  marks.forEach(function (mark) {
    mark.addEventListener("pointerenter", function () { show(mark); });
    mark.addEventListener("pointerleave", hide);
    mark.addEventListener("focus", function () { show(mark); });
    mark.addEventListener("blur", hide);
    mark.addEventListener("click", function (event) {
      if (event.pointerType === "touch" && shown !== mark) { event.preventDefault(); show(mark); }
    });
  });
  window.addEventListener("scroll", hide, { passive: true });
})();

// The timeline's candidate filter: one candidate's score line and the ballots naming them
// stay; the others fade (class "dim"). "" shows everyone again.
(function () {
  "use strict";
  document.querySelectorAll("select.candidate-filter").forEach(function (select) {
    var section = document.getElementById("day-" + select.getAttribute("data-day"));
    select.addEventListener("change", function () {
      var chosen = select.value;
      section.querySelectorAll("svg.timeline .score, svg.timeline .mark").forEach(function (el) {
        var name = el.getAttribute("data-candidate");
        if (name === null) { name = el.getAttribute("data-target"); }
        el.classList.toggle("dim", chosen !== "" && name !== chosen);
      });
    });
  });
})();
