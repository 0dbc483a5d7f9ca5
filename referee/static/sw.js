// Service worker: every page and picture the phone has opened stays
// available when the Wi-Fi drops (network first, the copy when offline);
// a page never opened answers with a short offline page in the page's
// language instead of the browser's error page. The JSON API and live
// event streams always go to the network. A response sent "Cache-Control:
// no-store" is never stored: a seat's or the host's page holds the link that
// is the seat (anyone holding the phone could read it back from the cache)
// and the live state of the table.
"use strict";
// v2: v1 stored the table pages too; activating v2 deletes that cache
var CACHE = "cardpress-pages-v2";
var OFFLINE = ["/ja/offline", "/en/offline"];

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(OFFLINE); }));
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k !== CACHE; }).map(function (k) {
      return caches.delete(k);
    }));
  }).then(function () { return self.clients.claim(); }));
});

function storable(response) {
  var control = (response.headers.get("Cache-Control") || "").toLowerCase();
  return response.ok && response.type === "basic" && !/(^|[\s,])no-store($|[\s,;])/.test(control);
}

function offlinePage(url) {
  var lang = url.pathname.split("/")[1] === "en" ? "en" : "ja";
  return caches.match("/" + lang + "/offline").then(function (hit) {
    return hit || new Response("offline", { status: 503, headers: { "Content-Type": "text/plain" } });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.indexOf("/api/") === 0 ||
      (request.headers.get("Accept") || "").indexOf("text/event-stream") !== -1) {
    return;
  }
  if (request.method !== "GET") {
    if (request.mode === "navigate") {
      event.respondWith(fetch(request).catch(function () { return offlinePage(url); }));
    }
    return;
  }
  event.respondWith(fetch(request).then(function (response) {
    if (storable(response)) {
      var copy = response.clone();
      event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.put(request, copy); }));
    }
    return response;
  }).catch(function () {
    return caches.match(request).then(function (hit) {
      if (hit) { return hit; }
      return request.mode === "navigate" ? offlinePage(url) : Response.error();
    });
  }));
});
