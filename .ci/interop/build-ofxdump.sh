#!/usr/bin/env bash
# Builds libofx's own `ofxdump` (Debian ships libofx without it) from the Debian source package
# against the installed libofx-dev, into .build/interop/ofxdump. Nothing of it is committed.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=.build/interop
[ -x "$out/ofxdump" ] && exit 0
mkdir -p "$out/src"
if ! dpkg -s libofx-dev >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq libofx-dev >/dev/null
fi
version=$(dpkg-query -W -f='${Version}' libofx-dev | sed 's/^[0-9]*://; s/-[^-]*$//')
tarball="$out/src/libofx_${version}.orig.tar.gz"
if [ ! -f "$tarball" ]; then
    # The source tarball from the Debian archive (the same mirror apt uses).
    mirrors=$( (grep -h '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{print $2}';
                grep -h '^deb ' /etc/apt/sources.list 2>/dev/null | awk '{print $2}') | grep -v security || true)
    for mirror in $mirrors http://deb.debian.org/debian; do
        curl -fsSL -o "$tarball" "${mirror%/}/pool/main/libo/libofx/libofx_${version}.orig.tar.gz" && break
        rm -f "$tarball"
    done
    [ -f "$tarball" ] || { echo "could not download the libofx source" >&2; exit 1; }
fi
tar -xzf "$tarball" -C "$out/src"
dir=$(find "$out/src" -maxdepth 2 -type d -name ofxdump | head -n 1)
printf '#define PACKAGE "ofxdump"\n#define VERSION "%s"\n#define PACKAGE_VERSION "%s"\n' "$version" "$version" > "$out/src/config.h"
g++ -O1 -w -I"$out/src" -I/usr/include/libofx -include "$out/src/config.h" -o "$out/ofxdump" \
    "$dir/ofxdump.cpp" "$dir/cmdline.c" -lofx
echo "built $out/ofxdump (libofx $version)"
