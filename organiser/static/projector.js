// The projector pages by itself: one .proj-page shown at a time, each for
// data-seconds (on the container), then the next, round and round.  A live refresh
// replaces the pages; the pager keeps its place.
(function () {
  "use strict";
  var box = document.getElementById("proj-pages");
  if (!box) return;
  var seconds = Number(box.dataset.seconds || 12);
  var what = document.getElementById("proj-what");
  var pager = document.getElementById("proj-pager");
  var bar = document.querySelector(".proj-foot .bar");
  var index = 0;
  var shownAt = Date.now();

  function pages() { return box.querySelectorAll(".proj-page"); }

  function show() {
    var all = pages();
    if (!all.length) return;
    if (index >= all.length) index = 0;
    for (var i = 0; i < all.length; i++) all[i].hidden = i !== index;
    if (what) what.textContent = all[index].dataset.title || "";
    if (pager) pager.textContent = (index + 1) + " / " + all.length;
  }

  function tick() {
    var elapsed = (Date.now() - shownAt) / 1000;
    if (elapsed >= seconds) {
      index += 1;
      shownAt = Date.now();
      show();
      elapsed = 0;
    }
    if (bar) bar.style.width = Math.min(100, 100 * elapsed / seconds) + "%";
  }

  document.addEventListener("live-refreshed", function (e) {
    if (e.detail === box) show();
  });
  show();
  setInterval(tick, 250);
})();
