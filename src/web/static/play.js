// Local play: when the game changes by itself (the AI moved, or the rules forced a move), the
// page shows it, as it stands, without waiting for a reload.
(() => {
  const main = document.getElementById('game');
  if (!main) return;
  const events = new EventSource(main.dataset.events);
  // The player's own move changes the version too: once they post a form or follow a link, the
  // page they go to shows it, and a reload here would only race that navigation.
  let leaving = false;
  const leave = () => { leaving = true; events.close(); };
  document.addEventListener('submit', leave);
  document.addEventListener('click', (e) => {
    const plain = e.button === 0 && !e.ctrlKey && !e.metaKey && !e.shiftKey && !e.altKey;
    if (plain && e.target.closest && e.target.closest('a[href]')) leave();
  });
  // Back to this page from the browser's history: it may be old, and its stream is closed.
  window.addEventListener('pageshow', (e) => { if (e.persisted) location.reload(); });
  const follow = (e) => {
    if (leaving) return;
    const data = JSON.parse(e.data);
    if (data.version !== Number(main.dataset.version)) location.assign(main.dataset.base);
  };
  // `hello` carries the version as the stream opens: the AI may have moved before it did.
  events.addEventListener('hello', follow);
  events.addEventListener('version', follow);
})();
