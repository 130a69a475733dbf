#!/usr/bin/env bash
# The programs `make test` needs besides Python: Debian's Chromium (browser tests, PDFs),
# Node.js with npm (JavaScript tests, the site's widget renderer), poppler-utils (pdftotext
# and pdfinfo, for the tests of the PDFs) and fonts-noto-cjk (the Chinese edition's glyphs). Missing ones are installed with
# apt-get when running as root or with password-less sudo; otherwise this says, in one line,
# what to install, and fails. LIGHTSOUT_SKIP_BROWSER=1 leaves Chromium out.
# With the argument "bench" (make bench) it also wants M4RI and a C compiler for the
# benchmark's M4RI shim.
set -euo pipefail
missing=()
# the sandbox the checkers and the grader run student code in (Debian: bubblewrap)
command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
if [ "${LIGHTSOUT_SKIP_BROWSER:-0}" != "1" ] && [ ! -x /usr/bin/chromium ]; then missing+=(chromium); fi
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
# the Chinese edition's glyphs (DejaVu has none): Noto Sans CJK, for Chromium and the PDFs
[ -d /usr/share/fonts/opentype/noto ] && fc-list :lang=zh 2>/dev/null | grep -q . || missing+=(fonts-noto-cjk)
if [ "${1:-}" = "bench" ]; then
    [ -f /usr/include/m4ri/m4ri.h ] || missing+=(libm4ri-dev)
    command -v cc >/dev/null 2>&1 || missing+=(gcc)
fi
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
    apt=(apt-get)
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    apt=(sudo apt-get)
else
    echo "make test needs ${missing[*]}: run 'sudo apt-get install ${missing[*]}' once (LIGHTSOUT_SKIP_BROWSER=1 skips the browser tests)" >&2
    exit 1
fi
echo "Installing ${missing[*]} (Debian packages) for the tests..."
"${apt[@]}" update -qq
DEBIAN_FRONTEND=noninteractive "${apt[@]}" install -y -qq --no-install-recommends "${missing[@]}"
