function hideClickedImage() {
    document.querySelectorAll("img.clicked").forEach((image) => image.classList.add("hidden"));
}

(function () {
    function stopMediaPlayback() {
        document.querySelectorAll("video, audio").forEach((media) => media.pause());
    }
    document.addEventListener("pagehide", stopMediaPlayback);
})();

window.selectedHTML = function () {
    return window.getSelection().toString();
};
