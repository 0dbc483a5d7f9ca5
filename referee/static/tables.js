// Live tables: follow the table's event stream and swap in the fresh page
// when the version moves. Without JavaScript the page still works; it just
// needs a reload to see the others' moves.
//
// A phone's network comes and goes (a lift, a tunnel, a screen turned off),
// so nothing here may give up: a failed fetch is tried again with backoff
// until one works, the page is fetched again as soon as the network, the
// stream or the screen comes back, and "reconnecting…" shows meanwhile.
// A swap never happens under a finger: while a tap is down on the page the
// fresh page waits, so the button pressed is the button that posts (with the
// version its page showed; the server applies it if it is still that seat's
// move: referee/tables/late.py).
"use strict";
(function () {
  var live = document.getElementById("live");
  if (!live || !window.EventSource) { return; }
  var notice = document.getElementById("reconnecting");
  var version = parseInt(live.getAttribute("data-version"), 10);
  var wanted = version;  // the newest version the stream announced
  var busy = false, again = false, leaving = false, holding = false;
  var waiting = null;  // a fresh page kept until the finger lifts
  var delay = 0, retry = null, streamDown = null;
  var FIRST_RETRY = 500, LAST_RETRY = 8000, STREAM_GRACE = 3000;

  function reconnecting(on) { if (notice) { notice.hidden = !on; } }

  function swap(fresh) {
    var v = parseInt(fresh.getAttribute("data-version"), 10);
    if (v >= version) {
      version = v;
      live.innerHTML = fresh.innerHTML;
      live.setAttribute("data-version", String(v));
    }
  }

  function failed() {
    reconnecting(true);
    delay = Math.min(LAST_RETRY, delay ? delay * 2 : FIRST_RETRY);
    clearTimeout(retry);
    retry = setTimeout(refresh, delay);
  }

  function refresh() {
    if (leaving) { return; }
    if (busy) { again = true; return; }
    busy = true;
    clearTimeout(retry);
    retry = null;
    fetch(window.location.href, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) {
        if (!r.ok) { throw new Error("HTTP " + r.status); }
        return r.text();
      })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.getElementById("live");
        if (!fresh) { throw new Error("not a table page"); }
        if (holding) { waiting = fresh; } else { swap(fresh); }
        // offline, the service worker answers with the copy it kept: older
        // than the stream said, so not an answer yet
        if (parseInt(fresh.getAttribute("data-version"), 10) < wanted) {
          throw new Error("an old copy");
        }
        delay = 0;
        if (navigator.onLine !== false && streamDown === null) { reconnecting(false); }
      })
      .catch(failed)
      .finally(function () {
        busy = false;
        if (again) { again = false; refresh(); }
      });
  }

  // the finger is down: keep the buttons under it until the tap is over
  live.addEventListener("pointerdown", function () { holding = true; });
  function lifted() {
    // after the click the lift belongs to (a submit then stops every swap)
    setTimeout(function () {
      holding = false;
      if (waiting && !leaving) { swap(waiting); }
      waiting = null;
    }, 0);
  }
  document.addEventListener("pointerup", lifted);
  document.addEventListener("pointercancel", lifted);
  // a form is posting: the next page comes from its answer
  live.addEventListener("submit", function () { leaving = true; });
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) { leaving = false; refresh(); }  // back from the cache
  });

  var source = null, closedRetry = FIRST_RETRY;
  function listen() {
    source = new EventSource(live.getAttribute("data-events"));
    source.onmessage = function (event) {
      var data = JSON.parse(event.data);
      wanted = Math.max(wanted, data.version);
      if (data.version > version) { refresh(); }
    };
    source.onopen = function () {
      closedRetry = FIRST_RETRY;
      if (streamDown === null) { return; }
      clearTimeout(streamDown);
      streamDown = null;
      refresh();  // what happened while the stream was down
    };
    source.onerror = function () {
      // EventSource reconnects by itself, and a stream the server ends comes
      // back at once: only one that stays down is shown
      if (streamDown === null) {
        streamDown = setTimeout(function () { reconnecting(true); }, STREAM_GRACE);
      }
      if (source.readyState === EventSource.CLOSED) {  // it gave up: start anew
        source.close();
        setTimeout(listen, closedRetry);
        closedRetry = Math.min(LAST_RETRY, closedRetry * 2);
      }
    };
  }
  listen();
  window.addEventListener("offline", function () { reconnecting(true); });
  window.addEventListener("online", function () { delay = 0; refresh(); });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { delay = 0; refresh(); }
  });
})();
