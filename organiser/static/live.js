// Live updates: one EventSource per page.  Every element with data-live="URL" is
// re-rendered from that URL (an HTML fragment the server renders with the page's own
// template) when the server announces an upload; data-live-table="N" limits an element
// to uploads from table N.  Bursts (many tables uploading at once) are coalesced: at
// most one refresh per element per second.
(function () {
  "use strict";
  var parts = Array.prototype.slice.call(document.querySelectorAll("[data-live]"));
  var state = document.querySelector(".live-state");
  if (!parts.length || !window.EventSource) return;

  var MIN_GAP_MS = 1000;

  function setState(s, text) {
    if (!state) return;
    state.dataset.state = s;
    state.textContent = text;
  }

  function refresh(el) {
    el._liveDue = false;
    el._liveAt = Date.now();
    fetch(el.dataset.live, { headers: { "X-Fragment": "1" }, cache: "no-store" })
      .then(function (r) {
        // X-Fresh: 0 — the server answered from data older than its last change
        // (it recomputes at most once a second): ask again after the gap.
        if (r.headers.get("X-Fresh") === "0") schedule(el);
        return r.ok ? r.text() : null;
      })
      .then(function (html) {
        if (html === null || html === el._liveHtml) return;
        el._liveHtml = html;
        el.innerHTML = html;
        el.classList.remove("flash");
        void el.offsetWidth;  // restart the highlight animation
        el.classList.add("flash");
        document.dispatchEvent(new CustomEvent("live-refreshed", { detail: el }));
      })
      .catch(function () { /* the next update or reconnect tries again */ });
  }

  function schedule(el) {
    if (el._liveDue) return;
    el._liveDue = true;
    var wait = Math.max(0, (el._liveAt || 0) + MIN_GAP_MS - Date.now());
    setTimeout(function () { refresh(el); }, wait);
  }

  function concerns(el, data) {
    if (data.topic === "refused") return false;   // a refused request changes nothing shown
    var t = el.dataset.liveTable;
    return !t || data.table === undefined || data.table === null || String(data.table) === t;
  }

  // the page was rendered from data older than the organiser's last change
  if (document.body.dataset.stale) parts.forEach(schedule);

  var wasDown = false;
  function connect() {
    var src = new EventSource(document.body.dataset.stream || "/live");
    src.addEventListener("open", function () {
      setState("live", (state && state.dataset.liveWord) || "live");
      // Anything missed while the stream was down: fetch once now.
      if (wasDown) parts.forEach(schedule);
      wasDown = false;
    });
    src.addEventListener("error", function () {
      setState("down", (state && state.dataset.downWord) || "reconnecting");
      wasDown = true;
      // A browser retries a dropped stream itself, but not one refused (the organiser
      // answers 503 when it has all the watchers it takes): try again a while later.
      if (src.readyState === EventSource.CLOSED) {
        setTimeout(connect, 15000 + Math.random() * 15000);
      }
    });
    src.addEventListener("update", function (e) {
      var data = {};
      try { data = JSON.parse(e.data); } catch (err) { /* refresh everything */ }
      parts.forEach(function (el) { if (concerns(el, data)) schedule(el); });
    });
  }
  connect();
})();
