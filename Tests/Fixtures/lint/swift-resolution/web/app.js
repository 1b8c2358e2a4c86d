// Every name the Swift registers, however it gets there.
webkit.messageHandlers.ready.postMessage({});
webkit.messageHandlers.init.postMessage({});
webkit.messageHandlers.didScroll.postMessage({});
webkit.messageHandlers.legacy.postMessage({});
webkit.messageHandlers.haptic.postMessage({});
webkit.messageHandlers.hapticTap.postMessage({});
webkit.messageHandlers.readerReady.postMessage({});
webkit.messageHandlers.readerProgress.postMessage({});
webkit.messageHandlers.print.postMessage({});
webkit.messageHandlers.printPreview.postMessage({});
webkit.messageHandlers.share.postMessage({});
webkit.messageHandlers.shareSheet.postMessage({});
webkit.messageHandlers.openLink.postMessage({});
webkit.messageHandlers.closeTab.postMessage({});
webkit.messageHandlers.focusHelper.postMessage({});
webkit.messageHandlers.findInPage.postMessage({});
webkit.messageHandlers.legacyScript.postMessage({});
webkit.messageHandlers.signpost.postMessage({});
webkit.messageHandlers.log.postMessage({});
webkit.messageHandlers.verbose.postMessage({});
webkit.messageHandlers.cmpDetected.postMessage({});
webkit.messageHandlers.done.postMessage({});
webkit.messageHandlers.toggle.postMessage({});
webkit.messageHandlers.toggleCompact.postMessage({});

// A real mistake that must still be reported: the Swift side says 'signpost'.
webkit.messageHandlers.signpostMessage.postMessage({});
