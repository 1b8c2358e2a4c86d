// HTML built in template literals: its attributes and scripts are JavaScript at their places.
function renderCard(card) {
  return `
    <div class="card">
      <h2>${card.title}</h2>
      <button onclick="window.webkit.messageHandlers.openLink.postMessage('${card.url}')">Open</button>
      <button onclick="window.webkit.messageHandlers.openLnk.postMessage('x')">Typo</button>
    </div>`;
}

document.body.innerHTML = `<section><script>window.webkit.messageHandlers.resize.postMessage(0)</script></section>`;

// A template literal without scripts or event attributes stays a string.
const label = `<b>Open</b> the card to read messageHandlers.nothing.postMessage() aloud`;
