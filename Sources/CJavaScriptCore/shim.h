// JavaScriptCore's GLib API, from Debian's libjavascriptcoregtk-4.1-dev (WebKitGTK's engine):
// the only part used is jsc_context_check_syntax, WebKit's own parser in script or module goal.
#include <jsc/jsc.h>
