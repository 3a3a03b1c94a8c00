// Records what the WHATWG URL Standard makes of each input, as Node's URL class (ada) reads it,
// for the host tests (Tests/ActivityRouterTests/Security/). Development only: CI never runs Node.
//
// Usage: node scripts/whatwg-hosts.mjs inputs.json > Tests/Data/whatwg-hosts.json
// (scripts/whatwg-hosts.sh writes inputs.json from the tests and runs this.)
import { readFileSync } from "node:fs";
import { domainToASCII } from "node:url";

const special = new Set(["http:", "https:", "ws:", "wss:", "ftp:", "file:"]);
const inputs = JSON.parse(readFileSync(process.argv[2], "utf8"));

// The host as the router compares it. A special scheme's hostname already is (lowercase, IDNA,
// IPv4 canonical, IPv6 compressed); brackets are dropped. A custom scheme's host is opaque in
// WHATWG (percent-encoded, case kept): it is decoded, then lowercased when ASCII, or put through
// WHATWG's domain-to-ASCII when not (what Foundation delivers to the app).
function asciiHost(url) {
  let host = url.hostname;
  if (host.startsWith("[")) return host.slice(1, -1);
  if (special.has(url.protocol) || host === "") return host;
  let decoded;
  try { decoded = decodeURIComponent(host); } catch { return host.toLowerCase(); }
  if (/^[\x00-\x7f]*$/.test(decoded)) return decoded.toLowerCase();
  return domainToASCII(decoded) || decoded.toLowerCase();
}

const cases = {};
for (const input of inputs) {
  let url;
  try { url = new URL(input); } catch { cases[input] = null; continue; }
  cases[input] = {
    scheme: url.protocol.slice(0, -1),
    hostname: url.hostname,
    port: url.port,
    asciiHost: asciiHost(url),
  };
}

const sorted = Object.fromEntries(Object.keys(cases).sort().map((k) => [k, cases[k]]));
const document = {
  comment: "WHATWG URL readings recorded by scripts/whatwg-hosts.sh; see Tests/Data/README.md.",
  node: process.version,
  ada: process.versions.ada ?? "unknown",
  cases: sorted,
};
process.stdout.write(JSON.stringify(document, null, 1) + "\n");
