for (const n of ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta"]) {
  // computed: not checked
}
webkit.messageHandlers.alpha.postMessage(1);
webkit.messageHandlers.beta.postMessage(1);
webkit.messageHandlers.gamma.postMessage(1);
webkit.messageHandlers.delta.postMessage(1);
webkit.messageHandlers.epsilon.postMessage(1);
webkit.messageHandlers.zeta.postMessage(1);
webkit.messageHandlers.eta.postMessage(1);
webkit.messageHandlers.openRoute.postMessage(1);
webkit.messageHandlers.closeRoute.postMessage(1);
webkit.messageHandlers.session_restore.postMessage(1);
webkit.messageHandlers.readerScroll.postMessage(1);
webkit.messageHandlers.playerState.postMessage(1);
webkit.messageHandlers.maps.postMessage(1);
webkit.messageHandlers.photos.postMessage(1);
// Still reported: the keys of 'routes' are not handler names.
webkit.messageHandlers["route.open"].postMessage(1);
