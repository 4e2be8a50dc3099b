const base = process.env.SEARCH_URL ?? "http://localhost:8080";     // the published port, or the Compose service
const headers = {
  "X-Service-Application-Id": process.env.SEARCH_APP_ID ?? "QUARRYMOCK",  // "application id:" as printed
  "X-Service-API-Key": process.env.SEARCH_API_KEY ?? "mock-admin-key",    // "admin key:" as printed
  "Content-Type": "application/json",
};
const res = await fetch(`${base}/1/indexes/products/query`, {
  method: "POST", headers, body: JSON.stringify({ query: "lamp", hitsPerPage: 5 }),
});
if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);   // a wrong key is a 403
console.log((await res.json()).hits);
