// Local play: when the game changes by itself (the AI moved, or the rules forced a move), the
// page shows it, as it stands, without waiting for a reload.
(() => {
  const main = document.getElementById('game');
  if (!main) return;
  const events = new EventSource(main.dataset.events);
  events.addEventListener('version', (e) => {
    const data = JSON.parse(e.data);
    if (data.version !== Number(main.dataset.version)) location.assign(main.dataset.base);
  });
})();
