#!/usr/bin/env bash
# Makes the release files of route-cli for this machine's platform, in dist/:
#   route-cli-VERSION-OS-ARCH.tar.gz         bin/route-cli (Swift standard library linked
#                                            statically), the man page, the bash, zsh and fish
#                                            completions, the JSON Schemas, README and CHANGELOG
#   route-cli-VERSION.artifactbundle.zip     a SwiftPM artifact bundle (info.json, schema 1.0) that a
#                                            package can use as a binary target
#   SHA256SUMS                               sha256sum of both; the bundle's SwiftPM checksum is
#                                            printed too (swift package compute-checksum)
#
#   scripts/package.sh
#
# The version is the one `route-cli --version` prints (Sources/RouterSupport/ActivityRouterVersion.swift),
# which must have a CHANGELOG.md entry. How a release is cut: docs/releasing.md.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
scratch="$root/.build/static"
swift build --scratch-path "$scratch" -c release --static-swift-stdlib --product route-cli >&2
bin="$(swift build --scratch-path "$scratch" -c release --show-bin-path)/route-cli"
version="$("$bin" --version | head -1)"
grep -q "^## $version\b" CHANGELOG.md || { echo "error: CHANGELOG.md has no '## $version' entry" >&2; exit 1; }
os="$(uname -s | tr '[:upper:]' '[:lower:]')"
arch="$(uname -m)"
triple="$arch-unknown-$os-gnu"
name="route-cli-$version-$os-$arch"
rm -rf dist && mkdir -p dist
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

scripts/stage-release.sh "$bin" "$work/$name"
mkdir -p "$work/$name/share/route-cli"
cp -R Schemas "$work/$name/share/route-cli/schemas"
cp README.md CHANGELOG.md "$work/$name/"
tar -C "$work" -czf "dist/$name.tar.gz" "$name"

bundle="$work/route-cli.artifactbundle"
mkdir -p "$bundle/$name/bin"
cp "$bin" "$bundle/$name/bin/route-cli"
cat > "$bundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "route-cli": {
      "version": "$version",
      "type": "executable",
      "variants": [{ "path": "$name/bin/route-cli", "supportedTriples": ["$triple"] }]
    }
  }
}
JSON
(cd "$work" && python3 -m zipfile -c "$root/dist/route-cli-$version.artifactbundle.zip" route-cli.artifactbundle)
(cd dist && sha256sum "$name.tar.gz" "route-cli-$version.artifactbundle.zip" > SHA256SUMS)
cat dist/SHA256SUMS
echo "SwiftPM checksum of the bundle: $(swift package compute-checksum "dist/route-cli-$version.artifactbundle.zip")"
