window.NativeBridge.postMessage({ type: "hello" });
NativeBridge.postMessage({ type: "again" });
Analytics.send({ name: "open" });
async function load() {
  return await window.Analytics.send({ name: "load" });
}
Share.postMessage({ url: location.href });
window.logToNative("started");
logToNative("twice");
Haptics.tap("light");
Printer(document.title);
Reader.postMessage({});
openSettings("privacy");
Typo.postMessage(1);
ready();

// Not defined on the object: no use is invented.
NativeBridge.close();
Analytics.track("x");
Share.close();
Local.postMessage(2);
function other(NativeBridge) {
  // A parameter of that name may be any object: no use.
  NativeBridge.postMessage(3);
}
(function ($) {
  $.api.postMessage(4);
})(jQuery);
