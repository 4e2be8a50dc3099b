// The console's shell: sign-in, the key kept for this tab only (sessionStorage), calls with it in headers, tabs.
"use strict";
(function () {
  const STORE = "quarry-console-session";
  const views = window.QuarryViews;
  let session = null;
  let current = null;
  let timer = null;

  function byId(id) { return document.getElementById(id); }

  // Every call sends the credentials as headers: never in the URL, so never in a log or the history. Each failure
  // is an Error whose message says what happened in words: a server that does not answer, an answer that is not the
  // JSON asked for (a scripted fault may make one, a 200 with an error's body included: "needs" names the member the
  // view reads), or the server's own message with its status.
  async function api(method, path, body, needs) {
    const headers = { "X-Service-Application-Id": session.appId, "X-Service-API-Key": session.key };
    // the console's reads (the faults view's every second, the index list, settings, records, the search preview)
    // are its own, not the application's traffic: the server leaves them out of the journal, the charts, the request
    // log, analytics and usage. Its writes (a fault added or cleared) are the user's, and shown as any.
    if (method === "GET" || /\/query$/.test(path)) headers["X-Mock-Console"] = "read";
    const init = { method, headers, cache: "no-store", credentials: "omit" };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    underWay(1);
    try {
      let response;
      try {
        response = await fetch(path, init);
      } catch (e) {
        throw new Error("The mock server did not answer: it closed or refused the connection (a scripted fault may "
            + "do that), or it is stopped or restarting.");
      }
      const text = await response.text().catch(() => null);
      let json = null;
      try { json = text === null ? null : JSON.parse(text); } catch (e) { json = null; }
      if (!response.ok) {
        const error = new Error((json && typeof json.message === "string" && json.message)
            || ("The mock server answered HTTP " + response.status + " without saying why."));
        error.status = response.status;
        throw error;
      }
      if (json === null || typeof json !== "object") {
        throw new Error("The answer (HTTP " + response.status + ") was " + (text === null ? "cut short" : "not JSON")
            + ": a scripted fault may have changed it.");
      }
      if (needs && !(needs in json)) {
        throw new Error("The answer (HTTP " + response.status + ") was not the one asked for, having no \u201c" + needs
            + "\u201d: a scripted fault may have changed it."
            + (typeof json.message === "string" ? " It said: " + json.message : ""));
      }
      return json;
    } finally {
      underWay(-1);
    }
  }

  // How many calls are under way (and views waiting for the keyboard to settle before their read), in a data
  // attribute that assistive technology never reads: a test knows from it when every answer has been shown. What
  // assistive technology is told is aria-busy, on the part of a view that loads what the user asked for (loading in
  // views.js), never for the refresh every second.
  let inFlight = 0;
  function underWay(change) {
    inFlight += change;
    byId("views").dataset.pending = String(inFlight);
  }

  // Credentials travel in headers, which hold printable ASCII only: fetch refuses any other character before sending
  // (which would read as a server that did not answer), and no key or application ID holds one.
  function checkCredential(name, value) {
    const other = Array.from(value).find(c => c < "!" || c > "~");
    if (other !== undefined) {
      const shown = /\s/.test(other) ? "a space" : other < " " || other === "\x7f" ? "a control character"
        : "\u201c" + other + "\u201d";
      throw new Error("The " + name + " holds " + shown + ": " + name + "s hold printable ASCII characters only"
          + " (letters, digits and punctuation)");
    }
  }

  // the console's pages send no Referer (no-referrer policy), so a key restricted to referers cannot be used here
  function refusedBecause(message) {
    return /^Referer not allowed/.test(message) ? " (the console sends no Referer header: sign in with a key not"
        + " restricted to referers)" : "";
  }

  async function signIn(appId, key) {
    checkCredential("application ID", appId);
    checkCredential("API key", key);
    session = { appId, key };
    try {
      await api("GET", "/_mock/console/api/tasks", undefined, "pending");
    } catch (e) {
      session = null;
      throw e;
    }
    sessionStorage.setItem(STORE, JSON.stringify(session));
    byId("sign-in").hidden = true;
    byId("tabs").hidden = false;
    byId("views").hidden = false;
    byId("sign-out").hidden = false;
    byId("api-key").value = "";
    show(viewInUrl(), "url", urlRest());
    // the form the focus was in is gone: the keyboard goes on from the tab shown
    document.querySelector("#tabs button[aria-selected='true']").focus();
  }

  // A fresh page on the first view: nothing the views showed for the key signed out stays for the next one, and no
  // answer still on its way for it is shown.
  function signOut() {
    sessionStorage.removeItem(STORE);
    history.replaceState(null, "", location.pathname);
    location.reload();
  }

  // The view shown is in the URL's fragment, with what it shows: "#journal?status=5xx" (its filters),
  // "#indices/products" (an index open), "#journal/42" (an entry open), "#indices/products?page=3&records=2" and
  // "#access?page=2" (the pages reached, past the first); never the key. A reload shows it again, as
  // does a link to it once signed in. Back and Forward go through the views chosen with a click and the details
  // opened (Back closes a detail); a tab passed with the arrow keys replaces the entry instead of adding one, or Back
  // would step through every tab passed, and so do a filter typed and a page turned.
  function viewInUrl() {
    const name = urlView(); // a view's name is plain ASCII: anything else names none
    return tabButtons().some(b => b.dataset.view === name) ? name : "indices";
  }

  function urlView() { return location.hash.substring(1).split(/[/?]/)[0]; }

  // what the URL's fragment holds after the view's name: "/products", "?status=5xx", or nothing
  function urlRest() { return location.hash.substring(1 + urlView().length); }

  // Shows a view, chosen by a "click", a "key" of the tab bar or the "url" (whose rest the view is set to first), and
  // reads it: at once, or for a key once the keyboard has settled on its tab (settle).
  function show(name, how, rest) {
    if (how === "url" && views[name].restore) views[name].restore(rest || "");
    const hash = "#" + name + (views[name].opened ? views[name].opened() : "");
    if (location.hash !== hash) {
      if (how === "click") history.pushState(null, "", hash); else history.replaceState(null, "", hash);
    }
    const deferred = how === "key";
    current = name;
    // the tab shown is the tab bar's one tab stop: the arrow keys move between the others (tabKeys)
    tabButtons().forEach(b => {
      const selected = b.dataset.view === name;
      b.classList.toggle("active", selected);
      b.setAttribute("aria-selected", String(selected));
      b.tabIndex = selected ? 0 : -1;
    });
    document.querySelectorAll(".view").forEach(v => { v.hidden = v.id !== "view-" + name; });
    clearTimeout(timer);
    timer = null;
    unsettled(false);
    if (deferred) {
      unsettled(true);
      if (!keyDown) settle();
      return;
    }
    // polled from a second after the view's first answers came
    read(name, opening(name));
  }

  // a view's opening, which the user asked for: its panel busy to assistive technology until it has answered
  function opening(name) {
    return () => views.loading("view-" + name, () => views[name].open());
  }

  // The WAI-ARIA tabs pattern recommends automatic activation (the view shown as its tab takes the focus) when a
  // view shows without noticeable delay, as these do: each is in the page, with what it last showed. Reading the
  // server is what takes time, and holding an arrow key passes through every tab many times a second: a read for
  // each would send a burst of requests whose answers are never seen. So a tab reached with the keyboard shows its
  // view at once and reads it once the key is released and no other key followed for a moment (REST_MS), or at once
  // when the window loses the focus; a click reads at once. Meanwhile the read counts as under way (underWay).
  const REST_MS = 300;
  let keyDown = false; // a key of the tab bar pressed and not yet released
  let pending = null; // the view shown whose read waits for the keyboard to settle
  let resting = null; // the timer of that wait
  function unsettled(waiting) {
    clearTimeout(resting);
    resting = null;
    if (waiting !== (pending !== null)) underWay(waiting ? 1 : -1);
    pending = waiting ? current : null;
  }

  function settle() {
    clearTimeout(resting);
    resting = setTimeout(readPending, REST_MS);
  }

  function readPending() {
    const name = pending;
    if (name === null) return;
    if (name === current) read(name, opening(name));
    unsettled(false);
  }

  function tabButtons() { return Array.from(document.querySelectorAll("#tabs [role=tab]")); }

  // The WAI-ARIA tabs pattern, activated as the focus moves (read once the keyboard settles: see REST_MS): the left
  // and right arrows go to the previous and next tab, round at either end, Home and End to the first and last.
  function tabKeys(event) {
    const tabs = tabButtons();
    const at = tabs.indexOf(document.activeElement);
    if (at < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    const to = { ArrowLeft: (at + tabs.length - 1) % tabs.length, ArrowRight: (at + 1) % tabs.length, Home: 0,
      End: tabs.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    keyDown = true;
    tabs[to].focus();
    if (tabs[to].dataset.view !== current) show(tabs[to].dataset.view, "key");
  }

  // The views that show live state poll while they are shown and the tab is in sight: a second after the last
  // refresh ended, so a slow server or a large answer is never asked again before it has answered; nothing while
  // the tab is hidden (a page left open in a background tab would ask the server every second for nothing), and at
  // once when it is shown again, unless its read is still under way (it goes on polling once it ends). A view whose
  // read was refused is not read again until it is opened again: the key lacks its right, or is no longer known.
  const reading = {}; // how many reads of each view are under way
  function poll() {
    clearTimeout(timer);
    timer = null;
    const view = views[current];
    if (!session || !view || !view.refresh || document.hidden || pending !== null) return;
    const name = current;
    timer = setTimeout(() => {
      timer = null;
      if (current === name && session && !document.hidden) read(name, () => views[name].refresh());
    }, 1000);
  }

  // A view's read (its opening, or a refresh), then its next one a second after, while it is the view shown.
  async function read(name, how) {
    reading[name] = (reading[name] || 0) + 1;
    let outcome;
    try { outcome = await how(); } finally {
      reading[name]--;
      if (current === name && timer === null && outcome !== views.REFUSED) poll();
    }
  }

  document.addEventListener("visibilitychange", () => {
    clearTimeout(timer);
    timer = null;
    const name = current;
    if (!document.hidden && session && name && views[name].refresh && !reading[name] && pending === null) {
      read(name, () => views[name].refresh());
    }
  });

  async function start() {
    let info;
    try {
      info = await fetch("/_mock/console/api/info", { cache: "no-store" }).then(r => r.json());
    } catch (e) {
      byId("sign-in-error").textContent = "The mock server did not answer: reload the page once it runs.";
      return;
    }
    byId("server-info").textContent = "version " + info.version + ", " + info.hosts + " host"
        + (info.hosts === 1 ? "" : "s") + ", application " + info.applicationId;
    byId("app-id").value = info.applicationId;
    views.init({ api, info, byId });
    byId("sign-in-form").addEventListener("submit", async event => {
      event.preventDefault();
      byId("sign-in-error").textContent = "";
      try {
        await signIn(byId("app-id").value.trim(), byId("api-key").value.trim());
      } catch (e) {
        byId("sign-in-error").textContent = e.status === 403 || e.status === 401
            ? "The key was refused: " + e.message + refusedBecause(e.message) : "Could not sign in: " + e.message;
      }
    });
    byId("sign-out").addEventListener("click", signOut);
    tabButtons().forEach(b => b.addEventListener("click", () => show(b.dataset.view, "click")));
    // Back or Forward to another view (or its name typed in the URL); within a view, its detail opened or closed
    // (or its filters set) as the URL says
    window.addEventListener("popstate", () => {
      if (!session) return;
      if (viewInUrl() !== current) show(viewInUrl(), "url", urlRest());
      else if (views[current].follow) views[current].follow(urlRest());
    });
    byId("tabs").addEventListener("keydown", tabKeys);
    // the key released (wherever the focus went), or the window left while it was held: the keyboard has settled
    document.addEventListener("keyup", () => {
      keyDown = false;
      if (pending !== null) settle();
    });
    window.addEventListener("blur", () => {
      keyDown = false;
      readPending();
    });
    const kept = sessionStorage.getItem(STORE);
    if (kept) {
      const saved = JSON.parse(kept);
      signIn(saved.appId, saved.key).catch(e => { // nothing shown yet: the sign-in form says why
        sessionStorage.removeItem(STORE);
        byId("sign-in-error").textContent = "Signed out: " + e.message;
        byId("api-key").focus();
      });
    } else {
      // the application ID is filled in: the key is what is left to type
      byId("api-key").focus();
    }
  }

  start();
})();
