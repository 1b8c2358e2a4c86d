// The article page's functions, at the top level of a classic script: globals of the page.
function hideClickedImage() {
    document.querySelectorAll("img.clicked").forEach((image) => image.classList.add("hidden"));
}

function stopMediaPlayback() {
    document.querySelectorAll("video, audio").forEach((media) => media.pause());
}

var selectedHTML = function () {
    return window.getSelection().toString();
};

const reloadArticle = () => location.reload();

// A function inside an IIFE, made global by hand.
(function () {
    function scrollToFragment(id) {
        document.getElementById(id)?.scrollIntoView();
    }
    window.scrollToFragment = scrollToFragment;
})();
