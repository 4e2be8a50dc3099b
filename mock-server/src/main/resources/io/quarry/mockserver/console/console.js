// The console's shell: sign-in, the key kept for this tab only (sessionStorage), calls with it in headers, tabs.
"use strict";
(function () {
  const STORE = "quarry-console-session";
  const views = window.QuarryViews;
  let session = null;
  let current = null;
  let timer = null;

  function byId(id) { return document.getElementById(id); }

  // Every call sends the credentials as headers: never in the URL, so never in a log or the history.
  async function api(method, path, body) {
    const headers = { "X-Service-Application-Id": session.appId, "X-Service-API-Key": session.key };
    const init = { method, headers, cache: "no-store", credentials: "omit" };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await fetch(path, init);
    let json = null;
    try { json = await response.json(); } catch (e) { json = null; }
    if (!response.ok) {
      const error = new Error((json && json.message) || ("HTTP " + response.status));
      error.status = response.status;
      throw error;
    }
    return json;
  }

  async function signIn(appId, key) {
    session = { appId, key };
    try {
      await api("GET", "/_mock/console/api/tasks");
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
    show("indices");
  }

  function signOut() {
    sessionStorage.removeItem(STORE);
    session = null;
    clearInterval(timer);
    byId("sign-in").hidden = false;
    byId("tabs").hidden = true;
    byId("views").hidden = true;
    byId("sign-out").hidden = true;
  }

  function show(name) {
    current = name;
    document.querySelectorAll("#tabs button").forEach(b => b.classList.toggle("active", b.dataset.view === name));
    document.querySelectorAll(".view").forEach(v => { v.hidden = v.id !== "view-" + name; });
    clearInterval(timer);
    const view = views[name];
    view.open();
    if (view.refresh) {
      // the views that show live state poll while they are shown
      timer = setInterval(() => { if (current === name && session) view.refresh(); }, 1000);
    }
  }

  async function start() {
    const info = await fetch("/_mock/console/api/info", { cache: "no-store" }).then(r => r.json());
    byId("server-info").textContent = "version " + info.version + ", " + info.hosts + " host"
        + (info.hosts === 1 ? "" : "s") + ", application " + info.applicationId;
    byId("app-id").value = info.applicationId;
    views.init({ api, info, byId });
    byId("sign-in-form").addEventListener("submit", async event => {
      event.preventDefault();
      byId("sign-in-error").textContent = "";
      try {
        await signIn(byId("app-id").value.trim(), byId("api-key").value);
      } catch (e) {
        byId("sign-in-error").textContent = e.status === 403 || e.status === 401
            ? "The key was refused: " + e.message : "Could not sign in: " + e.message;
      }
    });
    byId("sign-out").addEventListener("click", signOut);
    document.querySelectorAll("#tabs button").forEach(b => b.addEventListener("click", () => show(b.dataset.view)));
    const kept = sessionStorage.getItem(STORE);
    if (kept) {
      const saved = JSON.parse(kept);
      signIn(saved.appId, saved.key).catch(signOut);
    }
  }

  start();
})();
