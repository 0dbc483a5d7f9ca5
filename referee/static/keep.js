// Keeps a table's game on the phone (local storage) and says plainly when
// the phone is offline. Pages work without it; it only adds memory:
// - a round follower ([data-keep]) remembers its latest URL; opening the
//   follower again resumes it, "New game" (?new=1) forgets it, and an older
//   moment (Back) offers the way to the latest;
// - a scorer form (form.scorer[data-draft]) saves every entry as it is typed
//   and puts it back after a reload, Back or the language switch;
// - a form sent while offline is held, with a message, instead of the
//   browser's error page;
// - a helper's game ([data-playing]) is remembered for half a day: a card
//   page scanned meanwhile leads with what the card does in that game.
"use strict";
(function () {
  var LANG = document.documentElement.lang;
  var PREFIX = "cardpress:";

  function get(key) {
    try { return JSON.parse(localStorage.getItem(PREFIX + key)); } catch (e) { return null; }
  }
  function put(key, value) {
    try { localStorage.setItem(PREFIX + key, JSON.stringify(value)); } catch (e) { /* full or private */ }
  }
  function forget(key) {
    try { localStorage.removeItem(PREFIX + key); } catch (e) { /* nothing kept */ }
  }
  // "/en/play/x?y" -> "/play/x?y": a game belongs to no language
  function bare(url) { return url.replace(/^\/[a-z]{2}(\/|$)/, "/"); }
  function here(url) { return "/" + LANG + url; }
  function withoutLog(url) {
    var u = new URL(url, location.origin);
    u.searchParams.delete("log");
    return u.pathname + u.search;
  }

  function follower(root) {
    var key = "follow:" + root.getAttribute("data-keep");
    var state = bare(root.getAttribute("data-state"));
    var log = root.getAttribute("data-log");
    var saved = get(key);
    var longer = saved && withoutLog(saved.url) === withoutLog(state) &&
      saved.log.length > log.length && saved.log.indexOf(log) === 0;
    if (longer) {
      var note = root.querySelector("[data-earlier]");
      note.hidden = false;
      note.querySelector("[data-latest]").href = here(saved.url);
    } else {
      put(key, { url: state, log: log });
    }
    var undo = root.querySelector("[data-undo]");
    if (undo) {
      undo.addEventListener("click", function () {
        var target = bare(undo.getAttribute("href"));
        put(key, { url: target, log: new URL(target, location.origin).searchParams.get("log") || "" });
      });
    }
  }

  function setup(form) {
    var key = "follow:" + form.getAttribute("data-keep-setup");
    var params = new URLSearchParams(location.search);
    if (params.has("new")) { forget(key); return; }
    var saved = get(key);
    if (saved && !params.has("start") && !params.has("p")) { location.replace(here(saved.url)); }
  }

  function fields(form) {
    var values = [];
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.type === "hidden" && el.name === "csrf_token" || el.type === "submit") { return; }
      if ((el.type === "checkbox" || el.type === "radio") && !el.checked) { return; }
      values.push([el.name, el.value]);
    });
    return values;
  }

  function draft(form) {
    var key = "draft:" + bare(location.pathname);
    var params = new URLSearchParams(location.search);
    if (params.has("new")) { forget(key); history.replaceState(null, "", location.pathname); }
    var saved = get(key);
    function save(checked) { put(key, { values: fields(form), checked: checked }); }
    if (form.hasAttribute("data-pristine") && saved && saved.values.length) {
      restore(form, saved);
      return;
    }
    var checked = !!document.getElementById("result");
    save(checked);
    form.addEventListener("input", function () { save(checked); });
    form.addEventListener("change", function () { save(checked); });
    form.addEventListener("submit", function (event) {
      var by = event.submitter;
      save(checked || !!(by && by.name === "check"));
    });
  }

  function restore(form, saved) {
    Array.prototype.forEach.call(form.querySelectorAll("input[type=checkbox]"), function (el) { el.checked = false; });
    var missing = false;
    saved.values.forEach(function (pair) {
      var els = form.querySelectorAll("[name='" + pair[0].replace(/'/g, "") + "']");
      if (!els.length) { missing = true; }
      Array.prototype.forEach.call(els, function (el) {
        if (el.type === "checkbox" || el.type === "radio") {
          if (el.value === pair[1] || el.type === "checkbox") { el.checked = true; }
        } else if (el.type !== "hidden") {
          el.value = pair[1];
        } else {
          el.value = pair[1];
        }
      });
      if (!els.length) {
        var extra = document.createElement("input");
        extra.type = "hidden"; extra.name = pair[0]; extra.value = pair[1];
        form.appendChild(extra);
      }
    });
    if (saved.checked) {
      form.requestSubmit(form.querySelector("button.go"));
    } else if (missing) {
      var step = document.createElement("input");
      step.type = "hidden"; step.name = "step"; step.value = "restore:0";
      form.appendChild(step);
      form.submit();
    }
  }

  var PLAYING_FOR = 12 * 3600 * 1000;
  function playing(el) { put("playing", { game: el.getAttribute("data-playing"), at: Date.now() }); }
  function leadWith(card) {
    if (new URLSearchParams(location.search).has("game")) { return; }  // asked for one
    var saved = get("playing");
    if (!saved || typeof saved.game !== "string" || Date.now() - saved.at > PLAYING_FOR) { return; }
    var first = card.querySelector("section.game");
    var section = card.querySelector("section.game[data-game='" + saved.game.replace(/[^a-z0-9-]/g, "") + "']");
    if (section && first && section !== first) { first.parentNode.insertBefore(section, first); }
  }

  function offline() {
    var note = document.querySelector("[data-offline]");
    if (!note) { return; }
    function show() { note.hidden = navigator.onLine; }
    window.addEventListener("online", show);
    window.addEventListener("offline", show);
    show();
    document.addEventListener("submit", function (event) {
      if (!navigator.onLine) {
        event.preventDefault();
        note.hidden = false;
        note.focus();
      }
    }, true);
  }

  var root = document.querySelector("[data-keep]");
  if (root) {
    follower(root);
    // Back may show this page from the browser's memory without running it again
    window.addEventListener("pageshow", function (event) { if (event.persisted) { follower(root); } });
  }
  var start = document.querySelector("form[data-keep-setup]");
  if (start) { setup(start); }
  var form = document.querySelector("form.scorer[data-draft]");
  if (form) { draft(form); }
  var helper = document.querySelector("[data-playing]");
  if (helper) { playing(helper); }
  var card = document.querySelector("article.card");
  if (card) { leadWith(card); }
  offline();
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").catch(function () { /* pages still work */ });
  }
})();
