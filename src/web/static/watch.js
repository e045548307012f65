// The watch page, made live: a new version of the game (server-sent events) shows itself
// without a reload, and the review stepper follows the arrow keys. Without this script the page
// still shows the board and the moves, and the stepper's links still work.
(() => {
  const root = () => document.getElementById('game');
  let main = root();
  if (!main) return;
  let busy = false;
  // A new version that came while a position was being fetched: shown once that one is in.
  let stale = false;

  /** Puts the page's changing part in place, from its HTML. */
  function place(text) {
    const box = document.createElement('div');
    box.innerHTML = text;
    const next = box.firstElementChild;
    if (!next) return false;
    // An open Describe stays open with the new position in it.
    const open = main.querySelector('details.describe[open]');
    const described = next.querySelector('details.describe');
    if (open && described) described.open = true;
    main.replaceWith(next);
    main = next;
    if (window.siegeTimes) window.siegeTimes();
    return true;
  }

  /** Shows position `move` (null: the current one), fetched from the page's changing part. */
  async function show(move, push) {
    if (busy) return;
    busy = true;
    try {
      const url = new URL(main.dataset.live, location.href);
      if (move !== null) url.searchParams.set('move', String(move));
      const res = await fetch(url, { headers: { accept: 'text/html' } });
      if (!res.ok) return;
      if (!place(await res.text())) return;
      if (push) {
        const last = Number(main.dataset.last);
        const at = Number(main.dataset.move);
        history.replaceState(null, '', at >= last ? main.dataset.base : `${main.dataset.base}?move=${at}`);
      }
    } finally {
      busy = false;
      if (stale) {
        stale = false;
        if (atLast()) show(null, false);
      }
    }
  }

  const atLast = () => Number(main.dataset.move) >= Number(main.dataset.last);

  function listen() {
    const events = new EventSource(main.dataset.events);
    const follow = (e) => {
      const data = JSON.parse(e.data);
      // Looking back at an earlier move: stay there; the stepper's count grows on the next step.
      if (data.version === Number(main.dataset.version) || !atLast()) return;
      if (busy) stale = true;
      // A new version's event brings the new part along (one made for every watcher), unless it
      // was too long: then it is asked for.
      else if (!(data.live && data.version > Number(main.dataset.version) && place(data.live))) show(null, false);
    };
    // `hello` carries the version each time the stream (re)opens: a move made while it was
    // closed shows too.
    events.addEventListener('hello', follow);
    events.addEventListener('version', follow);
  }

  document.addEventListener('click', (e) => {
    const a = e.target.closest && e.target.closest('a.step[data-move]');
    if (!a) return;
    e.preventDefault();
    show(Number(a.dataset.move), true);
  });

  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) return;
    const at = Number(main.dataset.move);
    const last = Number(main.dataset.last);
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: last }[e.key];
    if (to === undefined || to < 0 || to > last || to === at) return;
    e.preventDefault();
    show(to, true);
  });

  listen();
})();
