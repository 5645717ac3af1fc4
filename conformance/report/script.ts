// FC-REPORT-5: the page's only script — filters by status, area and text, deep links, expand/collapse, copy.

/**
 * Plain ES2017 with no dependencies. A list is an element with `data-list` and an id; its items carry
 * `data-item`, `data-status`, `data-area` and a lower-case `data-text`. Controls name their list with
 * `data-for`: status checkboxes (`data-filter="status"`), an area select (`data-filter="area"`), a search box
 * (`data-filter="q"`), a counter (`data-count`) and an empty-state note (`data-empty`). Without the script every
 * item stays visible.
 */
export const CLIENT_SCRIPT = `(function () {
  "use strict";
  var lists = Array.prototype.slice.call(document.querySelectorAll("[data-list]"));
  function controls(list, sel) { return Array.prototype.slice.call(document.querySelectorAll("[data-for='" + list.id + "']" + sel)); }
  function apply(list) {
    var statuses = controls(list, "[data-filter=status]").filter(function (c) { return c.checked; }).map(function (c) { return c.value; });
    var areaSel = controls(list, "[data-filter=area]")[0];
    var area = areaSel ? areaSel.value : "";
    var qBox = controls(list, "[data-filter=q]")[0];
    var terms = qBox ? qBox.value.toLowerCase().split(/\\s+/).filter(Boolean) : [];
    var hasStatus = controls(list, "[data-filter=status]").length > 0;
    var items = list.querySelectorAll("[data-item]");
    var shown = 0;
    for (var i = 0; i < items.length; i++) {
      var it = items[i];
      var ok = (!hasStatus || statuses.indexOf(it.getAttribute("data-status")) >= 0) &&
        (area === "" || it.getAttribute("data-area") === area) &&
        terms.every(function (t) { return (it.getAttribute("data-text") || "").indexOf(t) >= 0; });
      it.hidden = !ok;
      if (ok) shown++;
    }
    controls(list, "[data-count]").forEach(function (c) { c.textContent = "Showing " + shown + " of " + items.length; });
    controls(list, "[data-empty]").forEach(function (c) { c.hidden = shown !== 0; });
  }
  lists.forEach(function (list) {
    controls(list, "[data-filter]").forEach(function (c) {
      c.addEventListener(c.tagName === "SELECT" || c.type === "checkbox" ? "change" : "input", function () { apply(list); });
    });
    controls(list, "[data-set-area]").forEach(function (b) {
      b.addEventListener("click", function () {
        var sel = controls(list, "[data-filter=area]")[0];
        if (sel) sel.value = b.getAttribute("data-set-area");
        controls(list, "[data-filter=status]").forEach(function (c) { c.checked = true; });
        apply(list);
        list.scrollIntoView();
      });
    });
    controls(list, "[data-set-q]").forEach(function (b) {
      b.addEventListener("click", function () {
        var q = controls(list, "[data-filter=q]")[0];
        if (q) q.value = b.getAttribute("data-set-q");
        controls(list, "[data-filter=status]").forEach(function (c) { c.checked = true; });
        apply(list);
        list.scrollIntoView();
      });
    });
    controls(list, "[data-expand]").forEach(function (b) {
      b.addEventListener("click", function () {
        var open = b.getAttribute("data-expand") === "open";
        list.querySelectorAll("details[data-item]").forEach(function (d) { if (!d.hidden) d.open = open; });
      });
    });
    apply(list);
  });
  document.querySelectorAll("[data-controls]").forEach(function (el) { el.hidden = false; });
  document.querySelectorAll("[data-copy]").forEach(function (b) {
    b.addEventListener("click", function () {
      var target = document.getElementById(b.getAttribute("data-copy"));
      if (!target) return;
      var text = target.textContent;
      var done = function () { b.textContent = "copied"; setTimeout(function () { b.textContent = "copy"; }, 1500); };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(text).then(done, function () { select(target); });
      } else { select(target); }
    });
  });
  function select(el) { var r = document.createRange(); r.selectNodeContents(el); var s = getSelection(); s.removeAllRanges(); s.addRange(r); }
  function reveal() {
    var id = decodeURIComponent(location.hash.slice(1));
    if (!id) return;
    var el = document.getElementById(id);
    if (!el || !el.hasAttribute("data-item")) return;
    if (el.hidden) {
      var list = el.closest("[data-list]");
      controls(list, "[data-filter=status]").forEach(function (c) { if (c.value === el.getAttribute("data-status")) c.checked = true; });
      var sel = controls(list, "[data-filter=area]")[0]; if (sel) sel.value = "";
      var q = controls(list, "[data-filter=q]")[0]; if (q) q.value = "";
      apply(list);
    }
    if (el.tagName === "DETAILS") el.open = true;
    el.scrollIntoView();
  }
  window.addEventListener("hashchange", reveal);
  reveal();
  document.addEventListener("keydown", function (e) {
    if (e.key !== "/" || /^(INPUT|SELECT|TEXTAREA)$/.test(document.activeElement.tagName)) return;
    var q = document.querySelector("[data-filter=q]");
    if (q) { e.preventDefault(); q.focus(); }
  });
})();
`;
