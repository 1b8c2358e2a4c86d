// Once per page: an early return, valid only inside a function.
if (window.readerReady) return;
window.readerReady = true;
