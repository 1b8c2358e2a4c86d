webkit.messageHandlers.faviconFound.postMessage(document.querySelector("link[rel~='icon']").href);
webkit.messageHandlers.log.postMessage(JSON.stringify(["ready"]));
webkit.messageHandlers.init.postMessage({ url: location.href });
webkit.messageHandlers.done.postMessage({ accepted: true });
const answer = await webkit.messageHandlers.lookup.postMessage("term");
webkit.messageHandlers.share.postMessage({ title: document.title });
// Wrong on the script's side: reported.
webkit.messageHandlers.signpost.postMessage({ evnt: "Request Allowed", url: location.href });
webkit.messageHandlers.faviconFund.postMessage("x");
webkit.messageHandlers.listedOnly.postMessage("x");
webkit.messageHandlers.darkMode.postMessage(true);
