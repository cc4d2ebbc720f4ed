#!/bin/sh
# Renders the install guide's images from the HTML mocks beside this script with headless Chromium.
# Usage: sh scripts/guide-images/generate.sh (from apps/public). Each image stays well under 60 KB.
# A mock is only what differs: a phone's screen below its status bar, or a logo's box; page() writes the
# page around it (the shared styles, and for a screen the phone and its status bar).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=$(cd "$here/../.." && pwd)/public/assets
chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
pages=$(mktemp -d)
trap 'rm -rf "$pages"' EXIT
mkdir -p "$out/images/guide" "$out/guide/demo"
page() { # name, kind (phone or logo), [status bar style], [phone style]; the mock on standard input
  {
    printf '<!doctype html>\n<html>\n<head><link rel="stylesheet" href="%s/common.css" /></head>\n' "$here"
    if [ "$2" = phone ]; then
      printf '<body>\n<div class="phone" style="%s">\n' "${4:-}"
      printf '<div class="status" style="%s"><span>9:41</span><span>●●●</span></div>\n' "${3:-}"
      cat
      printf '</div>\n</body>\n</html>\n'
    else
      printf '<body style="background: #fff">\n'
      cat
      printf '</body>\n</html>\n'
    fi
  } >"$pages/$1"
}
store() { # store's name, install button's words: the app's listing in a store
  sed -e "s/{{store}}/$1/" -e "s/{{action}}/$2/" "$here/store.html"
}
shot() { # html, output, width, height
  "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --window-size="$3,$4" --screenshot="$2" "file://$pages/$1" >/dev/null 2>&1
}
page tend-logo.html logo <"$here/tend-logo.html"
store 'App Store' GET | page app-store.html phone
store 'Google Play' Install | page play-store.html phone 'background: #23412f'
page login.html phone <"$here/login.html"
page openid-selection.html phone <"$here/openid-selection.html"
page demo-logo.html logo <"$here/demo-logo.html"
page demo-login.html phone 'background: #27348b' 'background: #f1f3fb' <"$here/demo-login.html"
shot tend-logo.html "$out/images/guide/tend-logo.png" 240 80
shot app-store.html "$out/images/guide/app-store.png" 360 640
shot play-store.html "$out/images/guide/play-store.png" 360 640
shot login.html "$out/images/guide/login.png" 360 640
shot openid-selection.html "$out/images/guide/openid-selection.png" 360 640
shot demo-logo.html "$out/guide/demo/logo.png" 240 80
shot demo-login.html "$out/guide/demo/openID_Login.png" 360 640
ls -l "$out/images/guide" "$out/guide/demo"
