// The round clock counts down in the browser between the organiser's refreshes: each
// .round-clock holds the seconds left when it was drawn (data-left) and whether it runs;
// a live refresh (the director started, paused, extended or ended it) draws it anew.
(function () {
  "use strict";

  function shown(s) {
    s = Math.max(0, Math.ceil(s - 0.001));
    var h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, r = s % 60;
    var mm = (h && m < 10 ? "0" : "") + m, ss = (r < 10 ? "0" : "") + r;
    return (h ? h + ":" : "") + mm + ":" + ss;
  }

  function tick() {
    var all = document.querySelectorAll(".round-clock[data-running='1']");
    for (var i = 0; i < all.length; i++) {
      var el = all[i];
      if (!el._drawnAt) el._drawnAt = Date.now();
      var left = Number(el.dataset.left) - (Date.now() - el._drawnAt) / 1000;
      var t = el.querySelector(".rc-time");
      if (t) t.textContent = shown(left);
      if (left <= 0) {
        el.classList.add("up");
        var st = el.querySelector(".rc-state");
        if (st) st.textContent = el.dataset.upWord || "time is up";
      }
    }
  }

  tick();
  setInterval(tick, 250);
})();
