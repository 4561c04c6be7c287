#!/usr/bin/env bash
# Builds the release artefact: cvsite-<version>-linux-<arch>.tar.gz, holding one
# self-contained executable (the Swift runtime, libcmark and PCRE2 linked in; the default
# theme and the code-colouring grammars compiled in), the licence, the README, the
# third-party notices and install.sh. Prints the archive's path on its last line.
#
#   scripts/release.sh [--output FOLDER]        build, then pack (default .build-release/dist)
#   scripts/release.sh --pack BINARY [--output FOLDER]   pack an executable already built
#
# The archive is reproducible: the same executable packs to the same bytes (names
# sorted, times set to the commit's, owners 0, gzip without name or time).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
output="$root/.build-release/dist"
binary=""
while [ $# -gt 0 ]; do
  case "$1" in
    --output) output="$2"; shift 2 ;;
    --pack) binary="$2"; shift 2 ;;
    *) echo "release.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

if [ -z "$binary" ]; then
  scratch="$root/.build-release"
  # libcmark and PCRE2 linked from their static archives: pkg-config, which SwiftPM asks
  # how to link them, is pointed at copies of their .pc files that name the archives.
  pkgconfig="$scratch/pkgconfig"
  mkdir -p "$pkgconfig"
  for library in libcmark libpcre2-8; do
    archive="$(pkg-config --variable=libdir "$library")/$library.a"
    [ -f "$archive" ] || { echo "release.sh: $archive is missing (bash scripts/install-build-deps.sh)" >&2; exit 2; }
    sed "s|^Libs:.*|Libs: -l:$library.a|" "$(pkg-config --variable=pcfiledir "$library")/$library.pc" \
      >"$pkgconfig/$library.pc"
  done
  # Without the default trait (the library's `@Entry` macro, which the executable does not
  # use), swift-syntax is not built.
  PKG_CONFIG_PATH="$pkgconfig" swift build -c release --product cvsite --static-swift-stdlib \
    --disable-experimental-prebuilts --disable-default-traits --scratch-path "$scratch" >&2
  binary="$scratch/release/cvsite"
fi

version="$("$binary" --version | awk '{print $2}')"
case "$(uname -m)" in
  x86_64 | amd64) arch=x86_64 ;;
  aarch64 | arm64) arch=aarch64 ;;
  *) arch="$(uname -m)" ;;
esac
name="cvsite-$version-linux-$arch"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
stage="$work/$name"
mkdir -p "$stage/licenses"
# Debug information out, symbols kept (crash backtraces still name functions).
objcopy --strip-debug "$binary" "$stage/cvsite"
chmod 755 "$stage/cvsite"
cp LICENSE README.md "$stage/"
cp scripts/install.sh "$stage/install.sh"
chmod 755 "$stage/install.sh"
cp scripts/NOTICE "$stage/NOTICE"
# The licences of what the executable carries, as Debian ships them.
for package in libcmark-dev libpcre2-8-0 libgtksourceview-5-common; do
  copyright="/usr/share/doc/$package/copyright"
  [ -f "$copyright" ] || copyright="$(dpkg -L "$package" 2>/dev/null | grep '/copyright$' | head -n 1 || true)"
  [ -n "$copyright" ] && [ -f "$copyright" ] || { echo "release.sh: no copyright file for $package" >&2; exit 2; }
  cp "$copyright" "$stage/licenses/${package%%-dev}.copyright"
done
swift_licence="$(dirname "$(dirname "$(command -v swift)")")/share/swift/LICENSE.txt"
cp "$swift_licence" "$stage/licenses/swift.LICENSE" 2>/dev/null \
  || printf 'The Swift runtime and Foundation: Apache License 2.0 with Runtime Library Exception\nhttps://swift.org/LICENSE.txt\n' >"$stage/licenses/swift.LICENSE"

epoch="$(git -C "$root" log -1 --format=%ct 2>/dev/null || echo 0)"
mkdir -p "$output"
archive="$output/$name.tar.gz"
tar --sort=name --mtime="@$epoch" --owner=0 --group=0 --numeric-owner --mode='u+rwX,go+rX,go-w' \
  -C "$work" -cf - "$name" | gzip -n -9 >"$archive"
echo "$archive"
