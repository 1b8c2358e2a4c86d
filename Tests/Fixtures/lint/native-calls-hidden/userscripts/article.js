// The same functions, hidden inside an IIFE: the page cannot call them.
(function () {
    "use strict";

    function hideClickedImage() {
        document.querySelectorAll("img.clicked").forEach((image) => image.classList.add("hidden"));
    }

    function stopMediaPlayback() {
        document.querySelectorAll("video, audio").forEach((media) => media.pause());
    }

    const selectedHTML = () => window.getSelection().toString();

    // Made global: reachable.
    window.scrollToFragment = function (id) {
        document.getElementById(id)?.scrollIntoView();
    };
    Object.assign(window, { hideClickedImage });
    document.addEventListener("click", () => stopMediaPlayback() || selectedHTML());
})();

{
    // In a block: its own scope.
    const markAllAsRead = () => {};
    markAllAsRead();
}
