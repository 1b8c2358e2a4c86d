// A reader app's script, injected as it was before Hawser: native code calls its top-level
// functions by name (evaluateJavaScript("hideClickedImage();")).
var activeImage = null;
let clickCount = 0;
const imageSelector = "img";

function hideClickedImage() {
	if (activeImage) activeImage.style.opacity = "0";
	return activeImage !== null;
}

function stopMediaPlayback() {
	document.querySelectorAll("video, audio").forEach((element) => element.pause());
}

function selectedHTML() {
	const selection = window.getSelection();
	return selection && selection.rangeCount > 0 ? selection.toString() : "";
}

class ImageViewer {}
