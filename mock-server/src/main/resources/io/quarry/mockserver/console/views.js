// The console's views. Every value from the server is put in the page as text (textContent), never as HTML.
"use strict";
window.QuarryViews = (function () {
  const FAULT_TYPES = ["status", "delay", "closeBeforeResponse", "closeMidResponse", "truncatedBody", "nonJsonBody",
    "failAfterWrite", "resetAfterWrite"];
  const RECORDS_PER_PAGE = 20;
  const INDICES_PER_PAGE = 100;
  // Any application may write records of a megabyte or thousands of members: what a view shows is cut, so a view
  // of such data stays a few hundred KB of text and the browser never stalls laying it out.
  const TEXT_CHARS = 1000;
  const VIEW_CHARS = 100000;
  const ATTRIBUTES_PER_HIT = 50;
  const JOURNAL_ROWS = 200;
  const KEY_ENTRIES_SHOWN = 3;
  // The search preview's highlight tags: a record's own text may hold "<mark>", never a tag it cannot know.
  const HIGHLIGHT = "mark-" + Array.from(crypto.getRandomValues(new Uint8Array(8)),
    b => b.toString(16).padStart(2, "0")).join("");
  const PRE_TAG = "<" + HIGHLIGHT + ">";
  const POST_TAG = "</" + HIGHLIGHT + ">";
  let api, byId;

  function el(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (className) node.className = className;
    return node;
  }

  function row(cells, attrs) {
    const tr = document.createElement("tr");
    cells.forEach(cell => tr.append(cell instanceof Node ? wrap(cell) : el("td", cell)));
    Object.entries(attrs || {}).forEach(([k, v]) => { tr.dataset[k] = v; });
    return tr;
  }

  function wrap(node) {
    if (node.tagName === "TD") return node;
    const td = document.createElement("td");
    td.append(node);
    return td;
  }

  function option(value) {
    const node = el("option", value);
    node.value = value;
    return node;
  }

  function td(text, className) { return el("td", text, className); }

  // Numbers and times are written one way in every view: numbers grouped by thousands ("1,024"), a time in UTC as
  // the server keeps it, said so ("2026-11-30 02:11:24 UTC"; a journal entry's time of day to the millisecond, its
  // column headed "(UTC)"). A value that is not a number (none given) shows as it came.
  function number(n, decimals) {
    if (typeof n !== "number" || !Number.isFinite(n)) return n === undefined || n === null ? "" : String(n);
    return n.toLocaleString("en", { minimumFractionDigits: decimals || 0, maximumFractionDigits: decimals || 0 });
  }

  function utc(iso) {
    return typeof iso === "string" && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/.test(iso)
      ? iso.substring(0, 10) + " " + iso.substring(11, 19) + " UTC" : (iso || "");
  }

  // "1 hit", "2 hits", "1,000 hits"
  function counted(n, singular, plural) {
    return number(Number(n)) + " " + (n === 1 ? singular : plural);
  }

  // A failure in words: the server's own message, and for a refusal (403) why. A key the server no longer knows
  // (deleted, or the server reset or restarted with other keys) must sign in again; another lacks the view's right.
  function explained(e, needs) {
    if (e.status !== 403) return e.message;
    if (/^Invalid Application-ID or API key/.test(e.message)) {
      return e.message + " (the key may have been deleted, or the server reset or restarted: sign out, then sign in"
          + " with a key it knows)";
    }
    return e.message + (needs ? " (" + needs + ")" : "");
  }

  // A live view's read refused (403: a right the key lacks, or a key the server no longer knows) is not read again
  // every second, as the answer would stay the same: its refresh says so to the shell, which stops polling it until
  // the view is opened again.
  const REFUSED = "refused";
  function refusal(e) { return e.status === 403 ? REFUSED : undefined; }

  // A line that assistive technology says as it changes, an error (an alert) or a count or position (a status: a page
  // turned, the hits of a query, the requests a filter finds, the tasks pending): written only when it changes, or a
  // view refreshing every second (against a stopped server, say) would have it said again every second.
  function say(id, text) {
    if (byId(id).textContent !== text) byId(id).textContent = text;
  }

  function failure(id, e, needs) { say(id, e ? explained(e, needs) : ""); }

  // A list's Previous and Next set for the page shown: on the first or last page the one that cannot turn is said to
  // be unavailable (aria-disabled), not disabled. A disabled button drops the keyboard's focus as the first or last
  // page comes, and moving it elsewhere (the other button) had a user pressing Next again press Previous. As the
  // WAI-ARIA practices advise for a control that may become unavailable while it holds the focus, each stays a stop of
  // the Tab key, where it always is, said to be unavailable; a press on it does nothing (pager).
  function paging(previousId, nextId, first, last) {
    byId(previousId).setAttribute("aria-disabled", String(first));
    byId(nextId).setAttribute("aria-disabled", String(last));
  }

  function unavailable(button) { return button.getAttribute("aria-disabled") === "true"; }

  // Gives the focus to a part of the page the keyboard does not stop at (a heading, a table), as a script may: one
  // that is a stop already stays one.
  function focusOn(node) {
    if (!node.hasAttribute("tabindex")) node.tabIndex = -1;
    node.focus();
  }

  // A list's Previous and Next (ids list + "-previous" and "-next"): each press turns from the page last asked for,
  // so that a second press before the first's answer (a double click) goes on from it, and never before the first
  // page; a page past the last (Next pressed twice from the last but one) is answered with the last, as the list's
  // read sees. A press on one said to be unavailable (paging) does nothing. at() is the page asked for, show(page)
  // asks for another; the part busyId names is busy until shown.
  function pager(list, busyId, at, show) {
    [["-previous", -1], ["-next", 1]].forEach(([id, step]) => byId(list + id).addEventListener("click", event => {
      if (unavailable(event.currentTarget)) return;
      const page = Math.max(0, at() + step);
      if (page !== at()) loading(busyId, () => show(page));
    }));
  }

  // aria-busy on the part of a view that loads what the user asked for (the view opened, a page turned, a query or
  // filter typed, a detail opened) until it has answered: assistive technology may wait for it whole rather than say
  // it piece by piece. Never for the refresh every second, which would have the view said busy, or held back, each
  // second. Returns what work returns. Only the latest load of a part is shown (turn), so the part is busy until that
  // one ends: an earlier one still under way (an index clicked, then another) holds nothing back.
  const loads = new Map(); // an element -> its latest load
  async function loading(id, work) {
    const node = byId(id);
    const mine = {};
    loads.set(node, mine);
    node.setAttribute("aria-busy", "true");
    try {
      return await work();
    } finally {
      if (loads.get(node) === mine) {
        loads.delete(node);
        node.removeAttribute("aria-busy");
      }
    }
  }

  // A detail asked for (a row's button pressed, Back or Forward, a reload), said as it loads, in the status line beside
  // it: its region is busy meanwhile (loading), which holds back what is in it, so a screen reader said nothing between
  // the press and the heading taking the focus once loaded. The line ("Loading index products…"), outside the region
  // and seen by assistive technology only (the detail shows within moments), is emptied once the latest load of that
  // detail ends or the detail is closed: the heading, focused, is what is read then. Returns what work returns.
  const announced = new Map(); // a status line -> its latest load
  async function announcing(statusId, what, work) {
    const mine = {};
    announced.set(statusId, mine);
    say(statusId, "Loading " + what + "\u2026");
    try {
      return await work();
    } finally {
      if (announced.get(statusId) === mine) unannounced(statusId);
    }
  }

  function unannounced(statusId) {
    announced.delete(statusId);
    say(statusId, "");
  }

  // Answers may come back in another order than their requests were sent (a click on one index then another, a
  // filter typed while the journal refreshes): each kind of request takes a turn, and only the latest one's answer
  // is shown. turn(kind) returns whether that turn is still the latest.
  const turns = {};
  function turn(kind) {
    const mine = (turns[kind] || 0) + 1;
    turns[kind] = mine;
    return () => turns[kind] === mine;
  }

  // A button that opens a row's details: rows are clicked with a mouse, their button reached with the keyboard.
  function opener(text) {
    const button = el("button", text, "opener");
    button.type = "button";
    return button;
  }

  // Whether the user has selected text in that part of the page (an ID, a path, to copy it).
  function selectedIn(node) {
    const selection = window.getSelection();
    return selection !== null && !selection.isCollapsed && selection.rangeCount > 0
      && node.contains(selection.getRangeAt(0).commonAncestorContainer);
  }

  // A click on a row opens its detail, unless it ended a selection of the row's text (to copy an ID or a path).
  function opens(tr, open) {
    tr.addEventListener("click", () => { if (!selectedIn(tr)) open(); });
    return tr;
  }

  const drawnFrom = new WeakMap(); // a table body -> the JSON of the answer its rows were made from

  // Replaces the rows of a table body with those makeRows makes from data (the part of an answer they show). A view
  // that refreshes every second rebuilds its rows when its answer changed: the keyboard focus, if on a button of a
  // row, moves to the same button of the same row (same data attributes) rather than being lost; a selection of text
  // in the rows keeps them as they are until it is gone (each refresh would otherwise end it).
  function replaceRows(body, data, makeRows) {
    // an answer the same as the one the rows show makes no node: the journal's 200 rows, read every second while
    // the application is idle, would be made anew (some 2,000 nodes) each second for nothing
    const text = JSON.stringify(data);
    if (drawnFrom.get(body) === text) return;
    // text being selected or copied stays: the rows are made anew once it is not, or once a field (a filter) is used
    if (selectedIn(body) && !(document.activeElement && document.activeElement.matches("input, select"))) return;
    drawnFrom.set(body, text);
    const rows = makeRows();
    const focused = document.activeElement;
    const old = focused && body.contains(focused) ? focused.closest("tr") : null;
    const at = old ? Array.from(old.querySelectorAll("button")).indexOf(focused) : -1;
    const key = old ? JSON.stringify(Object.assign({}, old.dataset)) : null;
    body.replaceChildren(...rows);
    if (at < 0) return;
    const same = rows.find(tr => JSON.stringify(Object.assign({}, tr.dataset)) === key);
    const button = same ? same.querySelectorAll("button")[at] : null;
    if (button) button.focus();
  }

  // A detail shown below a list that grows or shrinks as it refreshes (the journal's newest requests above it, up to
  // 200 rows): the browser keeps in place what is at the top of the window, a row the refresh replaces, so the detail
  // being read moved down and out of sight at each request the application made. Called before the list changes, this
  // returns what to call after: the page scrolled by what the detail moved, when it was in sight (or above it).
  function keptInView(detail) {
    const before = detail.hidden ? null : detail.getBoundingClientRect().top;
    return () => {
      if (before === null || before > window.innerHeight) return;
      const moved = detail.getBoundingClientRect().top - before;
      if (moved !== 0) window.scrollBy(0, moved);
    };
  }

  // Shows a detail below a long table: its heading takes the focus, which scrolls it into view.
  function reveal(headingId) { focusOn(byId(headingId)); }

  // A detail asked for (a row's button pressed, Back or Forward) takes the focus once it has loaded, not before: its
  // heading focused while the rest is loading and busy, a screen reader reads the heading, then nothing. Meanwhile the
  // focus stays where it was, and the detail takes it only if it still is there then (on the row's button, made anew
  // by a refresh meanwhile, or lost to the page's body), not once the user has moved on. Called as the detail is
  // asked for, this returns whether the focus is still there.
  function focusStays() {
    const from = document.activeElement;
    const row = from ? from.closest("tr") : null;
    const rows = row ? row.parentNode : null; // the table's body: a refresh replaces the rows in it
    const key = row ? JSON.stringify(Object.assign({}, row.dataset)) : null;
    return () => {
      const now = document.activeElement;
      if (now === from || now === null || now === document.body) return true;
      const at = now.closest("tr");
      return at !== null && rows !== null && at.parentNode === rows
        && JSON.stringify(Object.assign({}, at.dataset)) === key;
    };
  }

  // Escape in an open detail (an index's, a journal entry's), or its Close button, closes it and gives the focus
  // back to the button of the row it was opened from, where the keyboard was, or to the table when that row is gone.
  function closable(detailId, tableId, attribute, closed) {
    byId(detailId).addEventListener("keydown", event => {
      if (event.key === "Escape") close();
    });
    byId(detailId + "-close").addEventListener("click", close);
    function close() {
      const opened = byId(detailId).dataset.opened;
      byId(detailId).hidden = true;
      closed();
      backToRow(tableId, attribute, opened);
    }
  }

  function backToRow(tableId, attribute, opened) {
    const row = Array.from(byId(tableId).tBodies[0].rows).find(tr => tr.dataset[attribute] === opened);
    const button = row ? row.querySelector("button") : null;
    if (button) {
      button.focus();
    } else {
      focusOn(byId(tableId));
    }
  }

  // Back or Forward within a view, to the detail its URL names: read and shown, or closed, the focus going back to
  // the row it was opened from when it was in the detail (as Escape does)
  function followed(detailId, tableId, attribute, restore, isOpen, read) {
    const opened = byId(detailId).hidden ? null : byId(detailId).dataset.opened;
    const within = opened !== null && byId(detailId).contains(document.activeElement);
    if (!restore()) return;
    if (isOpen()) {
      read();
    } else if (within) {
      backToRow(tableId, attribute, opened);
    }
  }

  // A detail opened (an index, a journal entry) is a step of the browser's history, which Back undoes; one opened in
  // place of another replaces it, as does closing it.
  function opening(hash, another) {
    if (another) history.replaceState(null, "", hash); else history.pushState(null, "", hash);
  }

  // The detail a URL's rest names ("/products", "/42?status=5xx"): null for none, or for a name no link of this page
  // wrote (not percent-encoded as it writes them).
  function detailIn(rest) {
    const found = /^\/([^?]*)/.exec(rest);
    if (!found) return null;
    try { return decodeURIComponent(found[1]); } catch (e) { return null; }
  }

  // The parameters of a URL's rest, after its "?": "/42?status=5xx" holds status, "?page=3" page.
  function paramsIn(rest) {
    const at = rest.indexOf("?");
    return new URLSearchParams(at < 0 ? "" : rest.substring(at + 1));
  }

  // The page a URL's parameter names, numbered from 1 as the page says it ("page 3 of 3"), counted here from 0: the
  // first for none, 0 or anything but digits. A page past the last (data deleted since) is answered with the last, as
  // any list's read is; a number too large to ask the server for is read as MAX_PAGE, past any list's last page.
  const MAX_PAGE = 1000000000;
  function pageIn(params, name) {
    const text = params.get(name);
    return text !== null && /^[0-9]+$/.test(text) ? Math.max(0, Math.min(Number(text), MAX_PAGE) - 1) : 0;
  }

  // A list's page as a URL's parameter, numbered from 1: none for the first.
  function pageParam(params, name, page) {
    if (page > 0) params.set(name, String(page + 1));
  }

  // What a view shows kept in the URL in place of its step, once shown (a page reached, the last one when a page past
  // it was asked for): a reload, a link or Back to that step shows it again. A page turned is no step of its own, as a
  // filter typed is not, or Back would go through every page turned. Only while the URL is that view's: an answer
  // that came once the user went to another view leaves its URL alone (the view's place goes in it as it is shown).
  function keptInUrl(view, rest) {
    const hash = "#" + view + rest;
    if (location.hash.substring(1).split(/[/?]/)[0] === view && location.hash !== hash) {
      history.replaceState(null, "", hash);
    }
  }

  function cut(text, max) {
    return text.length <= max ? text
      : text.substring(0, max) + "… (" + counted(text.length - max, "more character", "more characters") + ")";
  }

  // JSON as text, each long string and the whole cut.
  function pretty(value) {
    const text = JSON.stringify(value, (key, v) => typeof v === "string" ? cut(v, TEXT_CHARS) : v, 2);
    return cut(text === undefined ? "" : text, VIEW_CHARS);
  }

  function indexPage(page) {
    return api("GET", "/1/indexes?page=" + page + "&hitsPerPage=" + INDICES_PER_PAGE, undefined, "items");
  }

  // the first page's names: suggestions, not a full list, whatever the number of indices
  async function indexNames() {
    const list = await indexPage(0);
    return (list.items || []).map(i => i.name);
  }

  // ---- Indices: each index with its count, size and replicas, 100 a page in the server's order (by name); its
  // settings and records, paged.
  const indices = {
    selected: null,
    page: 0,
    listPage: 0,
    // the list and the index shown read anew: either may have changed or gone since (a write, a delete, a reset)
    async open() {
      await Promise.all([indices.list(), indices.selected === null ? null : indices.detail()]);
    },
    async list() {
      failure("indices-error");
      const latest = turn("indices");
      try {
        const list = await indexPage(indices.listPage);
        if (!latest()) return;
        byId("indices-body").hidden = false;
        const pages = Math.max(1, list.nbPages || 1);
        if (indices.listPage >= pages) { // indices deleted since: show the last page there is
          indices.listPage = pages - 1;
          return indices.list();
        }
        // an empty table says why it is empty, not only "page 1 of 1"
        say("indices-page", (list.items || []).length === 0
          ? "No index to show: none written yet, or none this key may list."
          : "page " + number(indices.listPage + 1) + " of " + number(pages));
        paging("indices-previous", "indices-next", indices.listPage === 0, indices.listPage + 1 >= pages);
        keptInUrl("indices", indices.opened());
        replaceRows(byId("indices-table").tBodies[0], (list.items || []), () => (list.items || []).map(item => {
          const tr = row([opener(item.name), td(number(item.entries), "num count"), td(number(item.dataSize), "num"),
            td((item.replicas || []).join(", "), "name"), td(utc(item.updatedAt), "time")], { index: item.name });
          return opens(tr, () => indices.select(item.name));
        }));
      } catch (e) {
        if (!latest()) return;
        failure("indices-error", e, "listing the indices needs the listIndexes right (the Search view searches an"
            + " index typed by name)");
        if (e.status === 403) byId("indices-body").hidden = true; // no page to turn to
      }
    },
    // the index open and the pages reached, in the URL after the view's name ("/products?page=3&records=2": the
    // list's third page, the index's second page of records), so that a reload or a link shows them again
    opened() {
      const params = new URLSearchParams();
      pageParam(params, "page", indices.listPage);
      if (indices.selected !== null) pageParam(params, "records", indices.page);
      const query = params.toString();
      return (indices.selected === null ? "" : "/" + encodeURIComponent(indices.selected)) + (query ? "?" + query : "");
    },
    // the list's page, and the index and its page of records the URL names, or none: which changed, the list or the
    // detail (the view's opening reads both)
    restore(rest) {
      const params = paramsIn(rest);
      const listPage = pageIn(params, "page");
      const list = listPage !== indices.listPage;
      indices.listPage = listPage;
      const name = detailIn(rest);
      const records = name === null ? 0 : pageIn(params, "records");
      const detail = name !== indices.selected || records !== indices.page;
      if (name === null) {
        if (indices.selected !== null) indices.closeDetail();
      } else if (name !== indices.selected) {
        indices.showDetail(name);
      }
      indices.page = records;
      return { list, detail };
    },
    // Back or Forward within the view: the list's page read if it changed; the detail the URL names read, or closed
    follow(rest) {
      let list = false;
      followed("index-detail", "indices-table", "index", () => {
        const changed = indices.restore(rest);
        list = changed.list;
        return changed.detail;
      }, () => indices.selected !== null, () => indices.focusOnceRead(indices.selected));
      if (list) loading("indices-table", indices.list);
    },
    select(name) {
      const another = indices.selected !== null;
      indices.showDetail(name);
      opening("#indices" + indices.opened(), another);
      return indices.focusOnceRead(name);
    },
    // the index's detail read, then focused (focusStays)
    async focusOnceRead(name) {
      const stays = focusStays();
      await indices.detail();
      if (indices.selected === name && stays()) reveal("index-detail-name");
    },
    showDetail(name) {
      indices.selected = name;
      indices.page = 0;
      // the pages of the index shown before are not this one's: none to turn until its records are read (a focus
      // on one of them stays there, and the detail takes it once read: focusStays)
      say("records-page", "");
      paging("records-previous", "records-next", true, true);
      byId("index-detail").hidden = false;
      byId("index-detail").dataset.opened = name;
      byId("index-detail-name").textContent = name;
    },
    closeDetail() { // answers still on their way: not shown, nor said to load
      indices.selected = null;
      indices.page = 0;
      byId("index-detail").hidden = true;
      unannounced("index-detail-status");
      turn("index-settings");
      turn("index-records");
    },
    // the index's settings and records, read as the user opens it (or the view, or Back or Forward to it)
    detail() {
      return announcing("index-detail-status", "index " + indices.selected,
        () => loading("index-detail", indices.readDetail));
    },
    async readDetail() {
      const name = indices.selected;
      byId("index-settings").textContent = "";
      byId("index-records").textContent = "";
      const latest = turn("index-settings");
      try {
        const settings = await api("GET", "/1/indexes/" + encodeURIComponent(name) + "/settings");
        if (!latest()) return;
        byId("index-settings").textContent = pretty(settings);
      } catch (e) {
        if (!latest()) return;
        byId("index-settings").textContent = explained(e, "reading settings needs the settings right");
      }
      await indices.records();
    },
    async records() {
      const name = indices.selected;
      const latest = turn("index-records");
      try {
        const answer = await api("POST", "/1/indexes/" + encodeURIComponent(name) + "/query", {
          query: "", page: indices.page, hitsPerPage: RECORDS_PER_PAGE, attributesToHighlight: [],
          attributesToSnippet: [], getRankingInfo: false }, "hits");
        if (!latest()) return;
        if (indices.page > 0 && indices.page >= answer.nbPages) { // records deleted since: the last page there is
          indices.page = Math.max(0, answer.nbPages - 1);
          return indices.records();
        }
        const records = (answer.hits || []).map(hit => {
          const copy = Object.assign({}, hit);
          Object.keys(copy).filter(k => k.startsWith("_")).forEach(k => delete copy[k]);
          return copy;
        });
        say("records-page", "page " + number(indices.page + 1) + " of " + number(Math.max(1, answer.nbPages))
            + " (" + counted(answer.nbHits, "record", "records") + ")");
        paging("records-previous", "records-next", indices.page === 0, indices.page + 1 >= answer.nbPages);
        keptInUrl("indices", indices.opened());
        byId("index-records").textContent = pretty(records);
      } catch (e) {
        if (latest()) {
          say("records-page", "");
          paging("records-previous", "records-next", indices.page === 0, true);
          byId("index-records").textContent = explained(e, "records are read with the search right");
        }
      }
    },
    init() {
      pager("indices", "indices-table", () => indices.listPage, page => {
        indices.listPage = page;
        return indices.list();
      });
      pager("records", "index-records", () => indices.page, page => {
        indices.page = page;
        return indices.records();
      });
      closable("index-detail", "indices-table", "index", () => {
        indices.closeDetail();
        history.replaceState(null, "", "#indices" + indices.opened());
      });
    }
  };

  // ---- Search preview: searches as the user types, through the search API with the signed-in key. The index is
  // typed, with the indices the key may list as suggestions: a key without the listIndexes right may still search.
  const search = {
    filters: [],
    // One search in flight at most: an answer may hold megabytes (a large record, twice with its highlighting), and
    // a search per keystroke would make the server and the browser carry every one of them. A keystroke while one is
    // under way marks the query due; what is typed by then is sent once that search has ended.
    sending: false,
    due: false,
    async open() {
      failure("search-error");
      const field = byId("search-index");
      search.edited = false;
      let names = [];
      let unread = null; // the list not read for want of an answer (not refused to the key): said as such
      try {
        names = await indexNames();
      } catch (e) {
        if (e.status !== 403) unread = e;
      }
      byId("search-index-names").replaceChildren(...names.map(option));
      if (unread) failure("search-error", unread);
      byId("search-index-note").textContent = names.length > 0 ? ""
          : unread ? "No index to suggest: the list of indices could not be read. Type an index name."
            : "No index to suggest (the key may not list the indices, or there are none): type an index name.";
      // the first index is a suggestion for an empty field, never put into a name being typed meanwhile; its records
      // are shown at once, as an empty query finds them, rather than an empty view until a key is pressed
      if (!field.value && !search.edited && names.length > 0) {
        field.value = names[0];
        await search.run();
      }
    },
    // What the fields ask for now: the index, the path and body of its search, and a key telling two apart.
    wanted() {
      const index = byId("search-index").value.trim();
      const body = { query: byId("search-query").value, facets: ["*"], facetFilters: search.filters.slice(),
        highlightPreTag: PRE_TAG, highlightPostTag: POST_TAG, hitsPerPage: 10 };
      const path = "/1/indexes/" + encodeURIComponent(index) + "/query";
      return { index, path, body, key: path + "\n" + JSON.stringify(body) };
    },
    async run() {
      const wanted = search.wanted();
      const latest = turn("search"); // drawn only if nothing was typed since: a later keystroke's answer wins
      if (!wanted.index) { // no index: nothing searched, nothing of another index left shown
        failure("search-error");
        search.clear();
        return;
      }
      if (search.sending) {
        search.due = true;
        return;
      }
      byId("search-request").textContent = "POST " + wanted.path + "\nX-Service-Application-Id: "
          + byId("app-id").value + "\nX-Service-API-Key: (the key you signed in with)"
          + "\nX-Mock-Console: read (the console's own search: not in the journal, logs, analytics or usage)\n\n"
          + pretty(wanted.body);
      byId("search-results").hidden = false;
      search.sending = true;
      try {
        const answer = await loading("search-results", () => api("POST", wanted.path, wanted.body, "hits"));
        // what was typed meanwhile may have come back to what was sent (a letter typed, then erased): this answer
        // is then the one the fields ask for, shown rather than asked for again
        const current = latest() || search.wanted().key === wanted.key;
        if (!current) return;
        search.due = false;
        failure("search-error");
        search.render(answer);
        // the query the hits shown answer: what is drawn is known without a delay to guess (a test waits on it)
        byId("search-stats").dataset.query = wanted.body.query;
      } catch (e) {
        if (latest()) failure("search-error", e, "searching needs the search right on that index");
      } finally {
        search.sending = false;
        if (search.due) {
          search.due = false;
          search.run();
        }
      }
    },
    clear() {
      byId("search-results").hidden = true;
      byId("search-stats").textContent = "";
      delete byId("search-stats").dataset.nbHits;
      delete byId("search-stats").dataset.query;
      byId("search-hits").replaceChildren();
      byId("search-facets").replaceChildren();
      byId("search-request").textContent = "";
    },
    render(answer) {
      // the preview lists one page of hits: the count says so, or "57 hits" over ten would seem to miss some
      const shown = (answer.hits || []).length;
      byId("search-stats").textContent = counted(answer.nbHits, "hit", "hits") + " in " + answer.processingTimeMS
          + " ms" + (answer.nbHits > shown ? ", the first " + number(shown) + " shown" : "");
      byId("search-stats").dataset.nbHits = String(answer.nbHits);
      const hits = byId("search-hits");
      hits.replaceChildren();
      (answer.hits || []).forEach(hit => {
        const li = el("li");
        li.append(el("strong", cut(String(hit.objectID), TEXT_CHARS)), document.createElement("br"));
        const highlighted = hit._highlightResult || {};
        const attributes = Object.keys(highlighted).filter(attribute =>
          highlighted[attribute] && typeof highlighted[attribute].value === "string");
        attributes.slice(0, ATTRIBUTES_PER_HIT).forEach(attribute => {
          const line = el("div");
          line.append(el("span", cut(attribute, TEXT_CHARS), "hit-attr"), ...marked(highlighted[attribute].value));
          li.append(line);
        });
        if (attributes.length > ATTRIBUTES_PER_HIT) {
          li.append(el("div", "… " + counted(attributes.length - ATTRIBUTES_PER_HIT, "more attribute",
            "more attributes"), "hit-attr"));
        }
        hits.append(li);
      });
      const facets = byId("search-facets");
      facets.replaceChildren();
      if (Object.keys(answer.facets || {}).length === 0) { // an empty column would seem a failure to show them
        facets.append(el("p", "None: the index sets no attributesForFaceting, or no hit has a value for one.",
          "hint"));
      }
      Object.entries(answer.facets || {}).forEach(([facet, counts]) => {
        const group = el("div", undefined, "facet-group");
        group.append(el("h4", cut(facet, TEXT_CHARS)));
        Object.entries(counts).forEach(([value, count]) => {
          // a value starting with "-" is escaped, or the filter would exclude it
          const filter = facet + ":" + (value.startsWith("-") ? "\\" + value : value);
          const button = el("button", undefined, "facet" + (search.filters.includes(filter) ? " selected" : ""));
          button.type = "button";
          button.dataset.facet = facet;
          button.dataset.value = value;
          // a filter on or off, as assistive technology tells a toggle; the count apart from the value ("Acme 2")
          button.setAttribute("aria-pressed", String(search.filters.includes(filter)));
          button.append(document.createTextNode(cut(value, TEXT_CHARS) + " "),
            el("span", number(count), "facet-count"));
          button.addEventListener("click", () => {
            const at = search.filters.indexOf(filter);
            if (at >= 0) search.filters.splice(at, 1); else search.filters.push(filter);
            search.run();
          });
          group.append(button);
        });
        facets.append(group);
      });
    },
    init() {
      byId("search-query").addEventListener("input", () => search.run());
      // the facet filters belong to the index they were clicked in: editing the index drops them
      byId("search-index").addEventListener("input", () => { search.filters = []; search.edited = true; });
      byId("search-index").addEventListener("change", () => search.run());
    }
  };

  // The highlighted value as text nodes and <mark> elements (from the preview's own tags), cut to TEXT_CHARS
  // characters of text: the record's own text is never parsed as HTML.
  function marked(value) {
    const nodes = [];
    let room = TEXT_CHARS;
    const add = (text, highlighted) => {
      if (room <= 0 || text.length === 0) return;
      const kept = text.substring(0, room);
      room -= kept.length;
      nodes.push(highlighted ? el("mark", kept) : document.createTextNode(kept));
    };
    value.split(POST_TAG).forEach(part => {
      const at = part.indexOf(PRE_TAG);
      if (at < 0) { add(part, false); return; }
      add(part.substring(0, at), false);
      add(part.substring(at + PRE_TAG.length), true);
    });
    const shown = TEXT_CHARS - room;
    const total = value.replaceAll(PRE_TAG, "").replaceAll(POST_TAG, "").length;
    if (total > shown) {
      nodes.push(document.createTextNode("… (" + counted(total - shown, "more character", "more characters") + ")"));
    }
    return nodes;
  }

  // ---- Journal: the last requests, newest first; a click shows the bodies.
  const JOURNAL_FILTERS = [["status", "journal-status"], ["path", "journal-path"], ["index", "journal-index"]];
  const journal = {
    entry: null, // the sequence number of the entry open
    async open() {
      byId("journal-note").textContent = "The last " + number(journal.capacity) + " requests, newest first (bodies"
          + " cut at " + number(journal.bodyChars || 2000) + " characters; keys masked). The console's own requests"
          + " are left out.";
      if (journal.entry !== null) journal.detail(journal.entry);
      return journal.refresh();
    },
    // the filters as typed, the path as the user wrote it
    filters() {
      const filters = new URLSearchParams();
      JOURNAL_FILTERS.forEach(([name, id]) => {
        const value = byId(id).value.trim();
        if (value) filters.set(name, value);
      });
      return filters;
    },
    // the entry open and the filters, in the URL after the view's name ("/42?status=5xx&path=%2Fquery"), so that a
    // reload or a link shows the same requests
    opened() {
      const filters = journal.filters().toString();
      return (journal.entry === null ? "" : "/" + journal.entry) + (filters ? "?" + filters : "");
    },
    // the filters and the entry the URL names, or none: whether that changed (the view's opening reads them)
    restore(rest) {
      const filters = paramsIn(rest);
      let changed = false;
      JOURNAL_FILTERS.forEach(([name, id]) => {
        const value = filters.get(name) || "";
        if (byId(id).value !== value) {
          byId(id).value = value;
          changed = true;
        }
      });
      const seq = detailIn(rest);
      const entry = seq !== null && /^[0-9]{1,15}$/.test(seq) ? Number(seq) : null;
      if (entry === journal.entry) return changed;
      if (entry === null) journal.closeDetail(); else journal.entry = entry;
      return true;
    },
    // Back or Forward within the view: the entry the URL names read, or closed; its filters read
    follow(rest) {
      const filters = journal.filters().toString();
      followed("journal-detail", "journal-table", "seq", () => journal.restore(rest),
        () => journal.entry !== null, () => journal.detail(journal.entry, true));
      if (journal.filters().toString() !== filters) journal.refresh();
    },
    select(seq) {
      const another = journal.entry !== null;
      journal.entry = seq;
      opening("#journal" + journal.opened(), another);
      journal.detail(seq, true);
    },
    closeDetail() { // an answer still on its way: not shown, nor said to load
      journal.entry = null;
      byId("journal-detail").hidden = true;
      unannounced("journal-detail-status");
      delete byId("journal-detail").dataset.read;
      turn("journal-detail");
    },
    // whether the detail shows that entry's bodies, read while the journal held it
    shows(seq) {
      const detail = byId("journal-detail");
      return !detail.hidden && detail.dataset.opened === String(seq) && detail.dataset.read === "true";
    },
    // An entry the journal no longer holds (it keeps the last 1,000 requests) stays open until the user closes it:
    // its bodies, when they were read before it was dropped, marked as no longer in the journal; or, for a link or a
    // reload naming it, what became of it. The mark is a status, said once as it appears.
    dropped(seq) {
      const detail = byId("journal-detail");
      const read = journal.shows(seq);
      if (!read) {
        detail.dataset.opened = String(seq);
        byId("journal-detail-title").textContent = "Request " + seq; // its number, as in the URL
        byId("journal-request-body").textContent = "";
        byId("journal-response-body").textContent = "";
      }
      byId("journal-detail-bodies").hidden = !read;
      detail.hidden = false;
      const text = (read ? "No longer in the journal: " : "Not in the journal: ") + "it keeps the last "
          + number(journal.capacity) + " requests" + (read ? ", and this one was dropped since it was shown. Its"
            + " bodies stay here until you close it." : ", and this one was dropped (or the key may not see it).");
      say("journal-detail-gone", text);
    },
    async refresh() {
      const query = new URLSearchParams({ limit: String(JOURNAL_ROWS) });
      journal.filters().forEach((value, name) => query.set(name, name === "path" ? asSent(value) : value));
      const latest = turn("journal");
      try {
        const answer = await api("GET", "/_mock/console/api/journal?" + query, undefined, "entries");
        if (!latest()) return;
        journal.bodyChars = answer.bodyChars;
        failure("journal-error");
        // the entry shown dropped since (numbers below the oldest kept are gone): marked, and left open
        if (journal.entry !== null && journal.entry < answer.oldest && journal.shows(journal.entry)) {
          journal.dropped(journal.entry);
        }
        // the table lists the newest rows only: say so, or an older request would seem never made. What filters
        // find is counted, a status said as it changes (a failing request more, found by "5xx"); the journal's
        // unfiltered count is not, or it would be said at every request the application makes.
        const filtered = query.has("status") || query.has("path") || query.has("index");
        const found = answer.entries.length;
        say("journal-shown", found === 0
          ? (filtered ? "No request matches these filters." : "No request to show yet: your application's requests"
            + " show here as they are answered.")
          : found >= JOURNAL_ROWS ? "Only the newest " + JOURNAL_ROWS + " are listed (the journal keeps "
            + number(answer.kept) + "): filter by status, path or index to find older ones."
            : filtered ? counted(found, "request matches", "requests match") + " these filters." : "");
        const kept = keptInView(byId("journal-detail"));
        replaceRows(byId("journal-table").tBodies[0], answer.entries, () => answer.entries.map(entry => {
          const status = td(entry.status === 0 ? "none" : entry.status, "num status status-"
              + Math.floor(entry.status / 100));
          const fault = entry.fault ? el("span", entry.fault, "fault") : el("span", "");
          // the button reached with Tab names the request, not its time alone: "12:00:01.250 POST /1/... 503"
          const open = opener(entry.time.substring(11, 23));
          open.setAttribute("aria-label", open.textContent + " " + entry.method + " " + entry.path + " "
              + (entry.status === 0 ? "no answer" : entry.status) + (entry.fault ? " (scripted fault)" : ""));
          const tr = row([open, td(entry.host, "num"), td(entry.method),
            td(entry.path, "path"), status, td(number(entry.durationMs, 1), "num"),
            td(number(entry.requestBytes) + " / " + number(entry.responseBytes), "num"), td(entry.caller, "caller"),
            fault],
          { seq: String(entry.seq) });
          return opens(tr, () => journal.select(entry.seq));
        }));
        kept();
      } catch (e) {
        if (latest()) failure("journal-error", e, "the journal needs a key with the logs right");
        return refusal(e);
      }
    },
    // the entry's bodies, the focus moved to them once read when asked for (focusStays; not on a reload, which leaves
    // it on the tab)
    async detail(seq, focus) {
      const stays = focus ? focusStays() : () => false;
      const shown = await announcing("journal-detail-status", "the request\u2019s bodies",
        () => loading("journal-detail", () => journal.readDetail(seq)));
      if (shown && journal.entry === seq && stays()) reveal("journal-detail-title");
    },
    // whether the entry was shown (its bodies, or that it was dropped)
    async readDetail(seq) {
      const latest = turn("journal-detail");
      try {
        const entry = await api("GET", "/_mock/console/api/journal/" + seq, undefined, "path");
        if (!latest()) return false;
        byId("journal-detail").hidden = false;
        byId("journal-detail").dataset.opened = String(seq);
        byId("journal-detail").dataset.read = "true";
        byId("journal-detail-bodies").hidden = false;
        byId("journal-detail-gone").textContent = "";
        byId("journal-detail-title").textContent = entry.method + " " + entry.path + " → "
            + (entry.status || "no answer") + (entry.fault ? " (scripted fault " + entry.fault + ")" : "");
        byId("journal-request-body").textContent = journal.body(entry.requestBody, entry.requestBytes);
        byId("journal-response-body").textContent = journal.body(entry.responseBody, entry.responseBytes);
        return true;
      } catch (e) {
        if (!latest()) return false;
        if (e.status === 404) { // dropped since: said so in the detail, open until closed
          journal.dropped(seq);
          return true;
        } else if (!journal.shows(seq)) { // not read (a server not answering, a key refused): named, and closed
          failure("journal-error", e);
          journal.closeDetail();
          if (location.hash.startsWith("#journal")) history.replaceState(null, "", "#journal" + journal.opened());
        } else { // what was read stays shown; the error is named above the list
          failure("journal-error", e);
        }
        return false;
      }
    },
    // a body the journal kept the start of says so, and how large it was
    body(text, bytes) {
      if (!text) return "(empty)";
      return bytes > journal.bodyChars ? text + "\n… (the first " + number(journal.bodyChars)
          + " bytes of " + number(bytes) + ")" : text;
    },
    init(info) {
      journal.capacity = info.journalCapacity;
      // a filter typed is read at once and kept in the URL, in place: Back goes to the view before, not letter by letter
      JOURNAL_FILTERS.forEach(([, id]) => byId(id).addEventListener("input", () => {
        history.replaceState(null, "", "#journal" + journal.opened());
        loading("journal-table", journal.refresh);
      }));
      closable("journal-detail", "journal-table", "seq", () => {
        journal.closeDetail();
        history.replaceState(null, "", "#journal" + journal.opened());
      });
    }
  };

  // ---- Faults: the server-wide rules and each host's; add one or clear them, through the control endpoints.
  // The server's bounds: a fault's delay, a host rule's duration, a rule's count.
  const MAX_DELAY_MS = 60000;
  const MAX_DURATION_MS = 86400000;
  const MAX_COUNT = 2147483647;

  // A form's number, or an Error naming the field: a number input holds any text, and Number("") is 0, 1e400 is
  // Infinity (sent as null: no limit) and 1.5 is no count.
  function wholeNumber(id, name, min, max) {
    const field = byId(id);
    const text = field.value.trim();
    const value = Number(text);
    const valid = !field.validity.badInput && /^[0-9]+$/.test(text) && value >= min && value <= max;
    field.setAttribute("aria-invalid", String(!valid));
    if (!valid) {
      field.focus();
      throw new Error(name + " must be a whole number from " + number(min) + " to "
          + number(max) + (text || field.validity.badInput ? "" : ": it is empty"));
    }
    return value;
  }

  // A path typed by the user as clients send it: the characters every client percent-encodes (spaces, <, >, quotes,
  // characters outside ASCII...) encoded as UTF-8, so that an index's own name finds its requests. What a client may
  // send either way (! ' ( ) * and the like), escapes already typed, and ? and # (which a fault rule refuses, saying
  // why) are kept as typed.
  function asSent(text) {
    return text.trim().replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@\/%?#]/gu, c => {
      try {
        return encodeURIComponent(c);
      } catch (e) { // half of a surrogate pair, which an encoder sends as the replacement character
        return "%EF%BF%BD";
      }
    });
  }

  const faults = {
    open() { return faults.refresh(); },
    async refresh() {
      const latest = turn("faults");
      try {
        // asked together: one after the other, each refresh would wait for two answers in turn
        const [server, hosts] = await Promise.all([api("GET", "/_mock/faults", undefined, "faults"),
          api("GET", "/_mock/hosts", undefined, "hosts")]);
        if (!latest()) return;
        byId("faults-body").hidden = false;
        faults.serverRules(server.faults);
        const select = byId("fault-host");
        const names = hosts.hosts.map(h => String(h.host));
        // rebuilt only when the hosts change, so a choice being made with the keyboard is not reset every second
        if (Array.from(select.options, o => o.value).join() !== names.join()) {
          const chosen = select.value;
          select.replaceChildren(...names.map(option));
          if (chosen) select.value = chosen;
        }
        replaceRows(byId("hosts-table").tBodies[0], hosts.hosts, () => hosts.hosts.map(h => {
          const clear = el("button", "Clear");
          clear.type = "button";
          clear.className = "clear-host";
          clear.setAttribute("aria-label", "Clear the faults of host " + h.host);
          clear.addEventListener("click", event => {
            event.stopPropagation();
            faults.send("fault-host-error", "DELETE", "/_mock/hosts/" + h.host + "/faults",
              undefined, "Cleared the faults of host " + h.host + ".");
          });
          const rules = el("ul");
          rules.append(...h.faults.map(f => {
            const item = el("li", QuarryRules.hostFault(f));
            // a refusal or a hold is no rule: it has no ID, and Clear ends it
            if (typeof f.id === "number") {
              item.append(" ", faults.removeButton("fault-host-error", "/_mock/hosts/" + h.host + "/faults/" + f.id,
                "Remove the fault of host " + h.host + " that " + QuarryRules.hostFault(f)));
            }
            return item;
          }));
          return row([td(h.host, "num"), td(h.port, "num"), td(number(h.requestCount), "num"),
            td(h.acceptsConnections ? "yes" : "no"), h.faults.length ? rules : td("none"), clear],
          { host: String(h.host) });
        }));
        failure("faults-error");
      } catch (e) {
        if (latest()) {
          failure("faults-error", e);
          // refused to the key: forms it could only be refused again with are not offered
          if (e.status === 403) byId("faults-body").hidden = true;
        }
        return refusal(e);
      }
    },
    // Each server-wide rule in words, one a row: the server lists them all (at most 100), in the order they apply.
    serverRules(rules) {
      byId("faults-server-none").hidden = rules.length > 0;
      byId("faults-server-table").hidden = rules.length === 0;
      replaceRows(byId("faults-server-table").tBodies[0], rules, () => rules.map(rule => row([
        td(QuarryRules.matches(rule)), td(QuarryRules.does(rule.fault)), td(QuarryRules.left(rule)),
        faults.removeButton("fault-server-error", "/_mock/faults/" + rule.id, "Remove the rule for "
          + QuarryRules.matches(rule) + " that " + QuarryRules.does(rule.fault))], { rule: String(rule.id) })));
    },
    // A Remove button for one rule. Once the list is read again the focus, on a button of the rule removed, goes to
    // the Remove button that took its place in the same list, or to the view when none did, not to the page's start.
    removeButton(errorId, path, label) {
      const button = el("button", "Remove");
      button.type = "button";
      button.className = "remove-rule";
      button.setAttribute("aria-label", label);
      button.addEventListener("click", async event => {
        event.stopPropagation();
        const table = button.closest("table");
        const buttons = () => Array.from(table.querySelectorAll("button.remove-rule"));
        const at = buttons().indexOf(button);
        await faults.send(errorId, "DELETE", path, undefined, "Removed: " + label.replace(/^Remove /, "") + ".");
        // the list kept the focus (the rule's row is still there) or the user moved it on
        if (document.activeElement && document.activeElement !== document.body) return;
        const left = buttons();
        const next = left[Math.min(at, left.length - 1)];
        if (next) {
          next.focus();
        } else {
          byId("view-faults").focus();
        }
      });
      return button;
    },
    fault(prefix) {
      const fault = { type: byId(prefix + "-type").value };
      if (fault.type === "status" || fault.type === "failAfterWrite") {
        fault.status = wholeNumber(prefix + "-status", "Status", 200, 599);
      }
      if (fault.type === "delay") fault.delayMs = wholeNumber(prefix + "-delay", "Delay (ms)", 1, MAX_DELAY_MS);
      return fault;
    },
    // A form's call, made once its fields are read: a field in error is named and nothing is sent. Its error stays
    // shown until the next call from that form (the view's refresh every second has its own).
    submit(errorId, call) {
      document.querySelectorAll("#view-faults [aria-invalid]").forEach(f => f.removeAttribute("aria-invalid"));
      let args;
      try {
        args = call();
      } catch (e) {
        failure(errorId, e);
        return;
      }
      faults.send(errorId, ...args);
    },
    // A change sent (a rule added, removed or cleared), said once made, as a status beside the form's error: the
    // list changing in place says nothing to a screen reader, and the focus stays where it was. Emptied as it is sent,
    // so that the same change made twice is said twice.
    async send(errorId, method, path, body, said) {
      const doneId = errorId.replace(/-error$/, "-done");
      say(doneId, "");
      try {
        await api(method, path, body);
        failure(errorId);
        say(doneId, said || "");
      } catch (e) { failure(errorId, e); }
      await faults.refresh();
    },
    // what a form's rule does, in words ("any method /** answers HTTP 503 for the next request")
    added(body, target) {
      const what = body.type === "refuseConnections" ? "refuses connections"
        : body.type === "hold" ? "holds every request unanswered" : QuarryRules.does(body.fault);
      const lasting = typeof body.count === "number" ? "for the next " + (body.count === 1 ? "request"
        : counted(body.count, "request", "requests")) : "for " + number(body.durationMs) + " ms";
      return "Added: " + target + " " + what + " " + lasting + ".";
    },
    // Only the fields that apply to the choices made are shown: a status for a status or failAfterWrite fault, a
    // delay for a delay fault, a count for the next requests, a duration for the others, no fault for a host refusing
    // connections or holding requests.
    showFields() {
      const shown = (id, applies) => { byId(id).closest("label").hidden = !applies; };
      const mode = byId("fault-host-mode").value;
      const withFault = mode === "next" || mode === "during";
      shown("fault-host-count", mode === "next");
      shown("fault-host-duration", mode !== "next");
      shown("fault-host-type", withFault);
      ["fault-server", "fault-host"].forEach(prefix => {
        const type = byId(prefix + "-type").value;
        const applies = prefix === "fault-server" || withFault;
        shown(prefix + "-status", applies && (type === "status" || type === "failAfterWrite"));
        shown(prefix + "-delay", applies && type === "delay");
      });
    },
    init() {
      document.querySelectorAll(".fault-types").forEach(select =>
        select.replaceChildren(...FAULT_TYPES.map(option)));
      ["fault-server-type", "fault-host-type", "fault-host-mode"].forEach(id =>
        byId(id).addEventListener("change", faults.showFields));
      faults.showFields();
      byId("fault-server-form").addEventListener("submit", event => {
        event.preventDefault();
        faults.submit("fault-server-error", () => {
          const body = { method: byId("fault-server-method").value.trim(),
            path: asSent(byId("fault-server-path").value),
            count: wholeNumber("fault-server-count", "Count", 1, MAX_COUNT), fault: faults.fault("fault-server") };
          return ["POST", "/_mock/faults", body, faults.added(body, QuarryRules.matches(body))];
        });
      });
      byId("fault-server-clear").addEventListener("click", () =>
        faults.send("fault-server-error", "DELETE", "/_mock/faults", undefined, "Cleared the server-wide rules."));
      byId("fault-host-form").addEventListener("submit", event => {
        event.preventDefault();
        faults.submit("fault-host-error", () => {
          const mode = byId("fault-host-mode").value;
          const body = { type: mode };
          if (mode === "next") body.count = wholeNumber("fault-host-count", "Count", 1, MAX_COUNT);
          if (mode !== "next") {
            body.durationMs = wholeNumber("fault-host-duration", "Duration (ms)", 1, MAX_DURATION_MS);
          }
          if (mode === "next" || mode === "during") body.fault = faults.fault("fault-host");
          const host = byId("fault-host").value;
          return ["POST", "/_mock/hosts/" + encodeURIComponent(host) + "/faults", body,
            faults.added(body, "host " + host)];
        });
      });
    }
  };

  // ---- Charts of the last five minutes, from the server's per-second counters.
  const STATUS_COLORS = { "2xx": "#1b7a3a", "3xx": "#5c6678", "4xx": "#a15c00", "5xx": "#b3261e", none: "#7b3fb5" };
  const charts = {
    open() { return charts.refresh(); },
    async refresh() {
      const latest = turn("charts");
      try {
        const t = await api("GET", "/_mock/console/api/traffic?seconds=300", undefined, "byIndex");
        if (!latest()) return;
        failure("charts-error");
        charts.scope(t.byStatus !== undefined);
        if (t.byStatus !== undefined) charts.whole(t);
        QuarryCharts.draw(byId("chart-indices"), Object.entries(t.byIndex).map(([name, values]) =>
          ({ name, values })), byId("legend-indices"));
        // an empty chart says why, as an empty list does
        say("empty-indices", Object.keys(t.byIndex).length > 0 ? "" : t.byStatus !== undefined
          ? "No request named an index in the last five minutes: each index your application uses is drawn here."
          : "None of this key's indices had a request in the last five minutes.");
      } catch (e) {
        if (latest()) failure("charts-error", e, "the charts need a key with the logs right");
        return refusal(e);
      }
    },
    // a key restricted to indices is sent its indices' lines alone: the others count every index's requests
    scope(whole) {
      byId("charts-scope").textContent = whole ? "" : "This key sees the lines of its own indices only: the requests"
          + " by status and their durations count every index, and are charted for a key not restricted to indices.";
      byId("figure-status").hidden = !whole;
      byId("figure-duration").hidden = !whole;
    },
    whole(t) {
      QuarryCharts.draw(byId("chart-status"), ["2xx", "3xx", "4xx", "5xx", "none"].map(c =>
        ({ name: c === "none" ? "no answer" : c, values: t.byStatus[c], color: STATUS_COLORS[c] })),
      byId("legend-status"));
      // the connections closed without an answer, by reason, summed over the window
      const closes = Object.entries(t.unanswered || {}).map(([reason, values]) =>
        reason + " " + number(values.reduce((a, b) => a + b, 0)));
      byId("unanswered-status").textContent = closes.length
        ? "Connections closed without an answer: " + closes.join(", ") : "";
      const answered = Object.values(t.byStatus).some(values => values.some(n => n > 0));
      say("empty-status", answered ? "" : "No request in the last five minutes: your application's requests"
          + " are drawn here as they are answered (the console's own are left out).");
      QuarryCharts.draw(byId("chart-duration"), [{ name: "p50", values: t.p50Ms, color: "#2457c5" },
        { name: "p99", values: t.p99Ms, color: "#b3261e" }], byId("legend-duration"));
    }
  };

  // ---- Tasks and keys (key values come masked from the server, 100 a page, oldest first).
  const access = {
    keysPage: 0,
    // the page of keys reached, in the URL after the view's name ("?page=2")
    opened() {
      const params = new URLSearchParams();
      pageParam(params, "page", access.keysPage);
      const query = params.toString();
      return query ? "?" + query : "";
    },
    // the page the URL names: whether it changed (the view's opening reads it)
    restore(rest) {
      const page = pageIn(paramsIn(rest), "page");
      const changed = page !== access.keysPage;
      access.keysPage = page;
      return changed;
    },
    // Back or Forward within the view (or a page typed in the URL): the page it names read
    follow(rest) {
      if (access.restore(rest)) loading("keys-table", access.keys);
    },
    init() {
      pager("keys", "keys-table", () => access.keysPage, page => {
        access.keysPage = page;
        return access.keys();
      });
    },
    async open() {
      const [tasks] = await Promise.all([access.tasks(), access.keys()]);
      return tasks;
    },
    // A key's list (its rights, its indices) as a cell: the first few on the line, the others behind a disclosure
    // saying how many, one a line, so that a key of many indices takes a line of the table until asked. The server
    // sends the first 20 and "… N more", counted here among those hidden.
    entries(list, singular, plural, none, className) {
      const cell = td(list.slice(0, KEY_ENTRIES_SHOWN).join(", ") || none, className);
      cell.classList.add("entries");
      const hidden = list.slice(KEY_ENTRIES_SHOWN);
      if (hidden.length === 0) return cell;
      const unsent = /^… ([0-9]+) more$/.exec(hidden[hidden.length - 1]);
      const count = hidden.length + (unsent ? Number(unsent[1]) - 1 : 0);
      const more = el("details");
      const summary = el("summary", counted(count, "more " + singular, "more " + plural));
      const items = el("ul");
      items.append(...hidden.map(entry => el("li", entry)));
      if (unsent) items.lastChild.textContent = "and " + number(Number(unsent[1])) + " more, not listed here";
      more.append(summary, items);
      cell.append(more);
      return cell;
    },
    // the tasks are live state: refreshed every second while the view is shown, as a task is published
    refresh() { return access.tasks(); },
    async tasks() {
      const latest = turn("tasks");
      try {
        const tasks = await api("GET", "/_mock/console/api/tasks", undefined, "pending");
        if (!latest()) return;
        failure("access-error");
        // no table of headers over nothing: an empty list says what it means
        // the count pending is a status, said as it changes (a task waited for is published); the last task's ID,
        // new at every write, is not
        say("tasks-pending", tasks.pending.length === 0 ? "None pending: every task is published."
          : (tasks.morePending ? "More than " : "") + number(tasks.pending.length) + " pending"
            + (tasks.morePending ? " (the oldest listed);" : ";"));
        say("tasks-last", (tasks.pending.length === 0 ? "Last task " : "last task ") + (tasks.lastTaskID || "none")
            + ".");
        byId("tasks-table").hidden = tasks.pending.length === 0;
        replaceRows(byId("tasks-table").tBodies[0], tasks.pending, () => tasks.pending.map(t =>
          row([td(t.taskID), td(t.status), td(number(t.publishedInMs), "num")], { task: String(t.taskID) })));
      } catch (e) {
        if (latest()) failure("access-error", e);
        return refusal(e);
      }
    },
    async keys() {
      const latest = turn("keys");
      try {
        const keys = await api("GET", "/_mock/console/api/keys?page=" + access.keysPage, undefined, "keys");
        if (!latest()) return;
        if (access.keysPage > 0 && access.keysPage >= keys.nbPages) { // keys deleted since: the last page there is
          access.keysPage = Math.max(0, keys.nbPages - 1);
          return access.keys();
        }
        failure("keys-error");
        byId("keys-body").hidden = false;
        say("keys-page", "page " + number(access.keysPage + 1) + " of " + number(keys.nbPages) + " ("
            + counted(keys.nbKeys, "key", "keys") + ")");
        paging("keys-previous", "keys-next", access.keysPage === 0, access.keysPage + 1 >= keys.nbPages);
        keptInUrl("access", access.opened());
        byId("keys-table").tBodies[0].replaceChildren(...keys.keys.map(k =>
          row([td(k.value), td(k.description, "name"), access.entries(k.acl, "right", "rights", "none", ""),
            access.entries(k.indexes, "index", "indices", "all", "name"),
            td(k.validity > 0 ? number(k.validity) : "no limit", "num")])));
      } catch (e) {
        if (!latest()) return;
        failure("keys-error", e, "listing keys needs the admin key");
        if (e.status === 403) byId("keys-body").hidden = true; // no page to turn to
      }
    }
  };

  return {
    indices, search, journal, faults, charts, access, REFUSED, loading,
    init(context) {
      api = context.api;
      byId = context.byId;
      indices.init();
      search.init();
      journal.init(context.info);
      faults.init();
      access.init();
    }
  };
})();
