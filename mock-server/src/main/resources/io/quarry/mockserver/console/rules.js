// A fault rule, as the control endpoints list it, in words: which requests it matches, what it does to them, and how
// much of it is left. Every value is the server's; a kind this page does not know shows under its own name.
"use strict";
window.QuarryRules = (function () {
  const LONGEST = 300; // a path pattern or a header value shown, in characters

  function grouped(n) { return Number(n).toLocaleString("en"); }

  function cut(text) {
    const value = String(text);
    return value.length <= LONGEST ? value : value.substring(0, LONGEST) + "…";
  }

  function times(n, singular, plural) { return grouped(n) + " " + (n === 1 ? singular : plural); }

  // "2026-11-30T07:01:02.345Z" as "07:01:02 UTC" today, with its day otherwise
  function instant(iso) {
    if (typeof iso !== "string" || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/.test(iso)) return String(iso);
    const today = new Date().toISOString().substring(0, 10);
    return (iso.substring(0, 10) === today ? "" : iso.substring(0, 10) + " ") + iso.substring(11, 19) + " UTC";
  }

  // {method, path, share, seed}: "POST /1/indexes/*/query", "any method /**, 25% of them (seed 42)"
  function matches(rule) {
    const method = !rule.method || rule.method === "*" ? "any method" : cut(rule.method);
    const share = typeof rule.share === "number" && rule.share < 1
      ? ", " + grouped(Math.round(rule.share * 1000) / 10) + "% of them (drawn with seed " + grouped(rule.seed) + ")"
      : "";
    return method + " " + cut(rule.path || "/**") + share;
  }

  // {type, status, headers, delayMs}: what the client gets
  function does(fault) {
    const f = fault || {};
    const status = "HTTP " + f.status;
    const late = f.delayMs > 0 ? grouped(f.delayMs) + " ms late" : "";
    let what;
    switch (f.type) {
      case "status": what = "answers " + status; break;
      case "delay": what = "answers as usual, " + (late || "without delay"); break;
      case "closeBeforeResponse": what = "closes the connection without an answer"; break;
      case "closeMidResponse": what = "sends half the answer, then closes the connection"; break;
      case "truncatedBody": what = "answers with the first half of the body only"; break;
      case "nonJsonBody": what = "answers with an HTML body instead of JSON"; break;
      case "failAfterWrite": what = "applies the write, then answers " + status; break;
      case "resetAfterWrite": what = "applies the write, then closes the connection"; break;
      default: what = "fault " + cut(f.type);
    }
    const headers = Object.entries(f.headers || {}).map(([name, value]) => cut(name) + ": " + cut(value));
    return what + (headers.length ? ", with " + headers.join(", ") : "")
        + (f.type !== "delay" && late ? ", " + late : "");
  }

  // {remaining, until}: -1 requests is no limit
  function left(rule) {
    const count = typeof rule.remaining === "number" && rule.remaining >= 0
      ? times(rule.remaining, "request", "requests") : "";
    const until = rule.until ? "until " + instant(rule.until) : "";
    return [count, until].filter(Boolean).join(", ") || "until cleared";
  }

  // A host's fault as one line: a refusal or a hold until an instant, or a rule as above ("answers HTTP 503, for the
  // next 2 requests"), with what it matches when that is not every request.
  function hostFault(fault) {
    if (fault.type === "refuseConnections") return "refuses connections until " + instant(fault.until);
    if (fault.type === "hold") return "holds every request unanswered until " + instant(fault.until);
    const counted = typeof fault.remaining === "number" && fault.remaining >= 0;
    const every = (!fault.method || fault.method === "*") && (!fault.path || fault.path === "/**")
      && !(fault.share < 1);
    return does(fault.fault) + ", " + (counted ? "for the next " + left(fault) : fault.until ? left(fault)
      : "until cleared") + (every ? "" : " (" + matches(fault) + ")");
  }

  return { matches, does, left, hostFault };
})();
