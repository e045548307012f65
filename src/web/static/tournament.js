// A tournament's page, made live: each new version (server-sent events) brings the page's new
// part, which takes the place of the old one. Without this script the page is still whole, as it
// stood when read.
(() => {
  let main = document.getElementById('tournament');
  if (!main) return;
  let busy = false;

  function place(text) {
    const box = document.createElement('div');
    box.innerHTML = text;
    const next = box.firstElementChild;
    if (!next || next.id !== 'tournament') return false;
    main.replaceWith(next);
    main = next;
    if (window.siegeTimes) window.siegeTimes();
    return true;
  }

  /** The part as it stands, asked for (an event that came without it, or a stream reopened after a change). */
  async function fetchPart() {
    if (busy) return;
    busy = true;
    try {
      const res = await fetch(main.dataset.live, { headers: { accept: 'text/html' } });
      if (res.ok) place(await res.text());
    } finally {
      busy = false;
    }
  }

  const events = new EventSource(main.dataset.events);
  const follow = (e) => {
    const data = JSON.parse(e.data);
    if (data.version === Number(main.dataset.version)) return;
    if (!(data.live && data.version > Number(main.dataset.version) && place(data.live))) fetchPart();
  };
  events.addEventListener('hello', follow);
  events.addEventListener('version', follow);
})();
