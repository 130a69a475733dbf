// Wide code and outputs scroll sideways: such a box becomes a Tab stop (a named region), so
// that a keyboard reader can scroll it with the arrow keys. Boxes that fit are no Tab stops
// (tools/build_site.py takes away the tabindex nbconvert gives every cell and output), and a
// box that fits again (the window grew) is one no more. The region's name comes from the
// script tag's data-label, in the page's language.
(function () {
  var label = document.currentScript.dataset.label;
  var boxes = ".jp-Cell-inputWrapper pre, .jp-OutputArea-output";
  function scrolls(box) {
    var style = getComputedStyle(box);
    return /auto|scroll/.test(style.overflowX) && box.scrollWidth > box.clientWidth + 1;
  }
  function mark() {
    var found = document.querySelectorAll(boxes);
    for (var i = 0; i < found.length; i++) {
      var box = found[i];
      if (scrolls(box)) {
        box.setAttribute("tabindex", "0");
        box.setAttribute("role", "region");
        box.setAttribute("aria-label", label);
        box.dataset.loScrolls = "true";
      } else if (box.dataset.loScrolls) {
        box.removeAttribute("tabindex");
        box.removeAttribute("role");
        box.removeAttribute("aria-label");
        delete box.dataset.loScrolls;
      }
    }
  }
  // the page changes its size as the window does and as formulas and widgets are drawn
  new ResizeObserver(mark).observe(document.body);
})();
