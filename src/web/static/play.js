// Local play: when the game changes by itself (the AI moved, or the rules forced a move), the
// page shows it, as it stands, without waiting for a reload. On the touchable board, a choice
// that completes a move presses the list's own button for it (the same form, key and version);
// the arrow keys go from one of the board's choices to the next; a panned board opens on them.
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
    const target = e.target.closest && e.target.closest('svg.touch a[data-completes]');
    if (target) {
      const button = Array.from(document.querySelectorAll('.your-move button[name="path"]')).find((b) => b.value === target.dataset.path);
      if (button) {
        e.preventDefault();
        button.click();
      }
      return;
    }
    if (plain && e.target.closest && e.target.closest('a[href]')) leave();
  });
  document.addEventListener('keydown', (e) => {
    const at = e.target.closest && e.target.closest('svg.touch a');
    if (!at) return;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (step) {
      const all = Array.from(document.querySelectorAll('svg.touch a'));
      const next = all[(all.indexOf(at) + step + all.length) % all.length];
      e.preventDefault();
      next.focus();
    } else if (e.key === ' ') {
      e.preventDefault();
      at.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    }
  });
  // A board wider than the screen opens on its choices (once its image gives it its height).
  const pan = document.querySelector('.pan');
  const touch = pan && pan.querySelector('svg.touch');
  const img = pan && pan.querySelector('img');
  const centre = () => {
    if (pan.scrollWidth <= pan.clientWidth) return;
    const box = pan.getBoundingClientRect();
    const spots = Array.from(touch.querySelectorAll('a')).map((a) => a.getBoundingClientRect());
    if (!spots.length) return;
    const mid = (Math.min(...spots.map((r) => r.left)) + Math.max(...spots.map((r) => r.right))) / 2;
    pan.scrollLeft += mid - box.left - pan.clientWidth / 2;
  };
  if (touch && img) {
    if (img.complete) centre();
    else img.addEventListener('load', centre, { once: true });
    // A phone turned on its side, a window made narrower: the choices come into view again.
    window.addEventListener('resize', centre);
  }
  // An open Describe stays open as the page reloads with the AI's move, or the player's.
  const describe = document.querySelector('details.describe');
  if (describe) {
    try {
      if (sessionStorage.getItem('siege.describe') === 'open') describe.open = true;
      describe.addEventListener('toggle', () => sessionStorage.setItem('siege.describe', describe.open ? 'open' : ''));
    } catch { /* no storage (a private window's rule): the toggle opens closed */ }
  }
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
