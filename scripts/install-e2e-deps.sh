#!/usr/bin/env bash
# Installs what `make e2e` needs and is missing: WebKitGTK's GObject bindings (WebKit2 4.1,
# GTK 3), PyGObject for the system Python, and Xvfb for a headless display. Debian packages,
# installed only when root; otherwise prints the command to run. Quiet when all is there.
set -euo pipefail

# The system Python: a python3 earlier on PATH (pyenv, a venv) usually has no `gi` module.
python=/usr/bin/python3

missing=()
[ -x "$python" ] && "$python" -c 'import gi' >/dev/null 2>&1 || missing+=(python3-gi)
# The typelib is what PyGObject loads; the package installs libwebkit2gtk-4.1 with it.
typelib=no
for f in /usr/lib/*/girepository-1.0/WebKit2-4.1.typelib /usr/lib/girepository-1.0/WebKit2-4.1.typelib; do
  [ -f "$f" ] && typelib=yes
done
[ "$typelib" = yes ] || missing+=(gir1.2-webkit2-4.1)
command -v xvfb-run >/dev/null 2>&1 || missing+=(xvfb)
# xvfb-run needs xauth, which xvfb only recommends.
command -v xauth >/dev/null 2>&1 || missing+=(xauth)

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(uname -s)" != "Linux" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "install-e2e-deps: missing ${missing[*]}; the WebKitGTK end-to-end tests need Debian or Ubuntu" >&2
  exit 1
fi
if [ "$(id -u)" != "0" ]; then
  echo "install-e2e-deps: missing Debian packages: ${missing[*]}; run: sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
  exit 1
fi
echo "install-e2e-deps: installing ${missing[*]} (WebKitGTK is about 72 MB)" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
