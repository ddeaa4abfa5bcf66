// The terminal's service worker (registered only over HTTPS: terminal.js): the page's files
// kept in the browser's cache, so a phone reloads the terminal with no network.  Network
// first (a new bundle is taken as soon as the organiser is reached), the cache when the
// network fails.  The organiser's API is never cached: uploads and seating pulls are the
// application's, with its own retries.
const CACHE = "mahjong-terminal-v1";
const FILES = ["./", "index.html", "terminal.js", "terminal.css", "micropython.mjs",
  "micropython.wasm", "app.pack", "manifest.webmanifest", "icon.svg"];

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => e.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== "GET" || url.origin !== location.origin ||
      !url.pathname.startsWith(new URL("./", location.href).pathname)) return;
  e.respondWith(fetch(e.request).then((r) => {
    if (r.ok) {
      const copy = r.clone();
      caches.open(CACHE).then((c) => c.put(e.request, copy));
    }
    return r;
  }).catch(() => caches.match(e.request, { ignoreSearch: true })));
});
