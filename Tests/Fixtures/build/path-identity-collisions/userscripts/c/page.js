document.title;
