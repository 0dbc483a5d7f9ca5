// Live tables: follow the table's event stream and swap in the fresh page
// when the version moves. Without JavaScript the page still works; it just
// needs a reload to see the others' moves.
"use strict";
(function () {
  var live = document.getElementById("live");
  if (!live || !window.EventSource) { return; }
  var version = parseInt(live.getAttribute("data-version"), 10);
  var busy = false, again = false;
  function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    fetch(window.location.href, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html) { return; }
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.getElementById("live");
        if (!fresh) { return; }
        var v = parseInt(fresh.getAttribute("data-version"), 10);
        if (v >= version) {
          version = v;
          live.innerHTML = fresh.innerHTML;
          live.setAttribute("data-version", String(v));
        }
      })
      .finally(function () {
        busy = false;
        if (again) { again = false; refresh(); }
      });
  }
  var source = new EventSource(live.getAttribute("data-events"));
  source.onmessage = function (event) {
    var data = JSON.parse(event.data);
    if (data.version > version) { refresh(); }
  };
})();
