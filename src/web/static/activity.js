// The Activity (README, "Activity"): inside Discord's client, the Embedded App SDK (discord-sdk.js)
// speaks with Discord: ready, then authorize (a code for the `identify` scope), which the bot
// exchanges for a session of its own (POST /activity/token), then authenticate with the access
// token it hands back once. The page then shows the game of the thread the Activity was launched
// in (/activity/game), plays the member's moves on the board or with the buttons beside it (POST
// /g/<token>/move, the session as a Bearer header: the frame has no cookie of ours), and follows
// the game on the watch page's event stream.
(() => {
  const root = document.getElementById('activity');
  if (!root) return;
  const status = root.querySelector('.activity-status');
  const clientId = root.dataset.clientId;
  const lang = root.dataset.lang;
  const params = new URLSearchParams(location.search);
  let session = null;
  let channel = params.get('channel_id');
  /** The game shown: its version, its routes, and the step of the move chosen so far. */
  let current = null;
  let events = null;
  let busy = false;
  let stale = false;

  const say = (text) => { status.textContent = text; status.hidden = false; };
  const authorised = (init = {}) => ({ ...init, headers: { accept: 'application/json', ...(init.headers || {}), authorization: `Bearer ${session}` } });
  const errorOf = async (res) => {
    try {
      const body = await res.json();
      return body.error || body.message || status.dataset.failed;
    } catch {
      return status.dataset.failed;
    }
  };

  /** Puts the game's part in place of the one shown. */
  function place(text) {
    const box = document.createElement('div');
    box.innerHTML = text;
    const next = box.firstElementChild;
    if (!next) return;
    const open = document.querySelector('#game details.describe[open]');
    const described = next.querySelector('details.describe');
    if (open && described) described.open = true;
    const old = document.getElementById('game');
    if (old) old.replaceWith(next);
    else root.after(next);
    if (window.siegeTimes) window.siegeTimes();
    seatBoard();
  }

  /** A player's board is their seat's image, which asks for the session: fetched, then shown from memory. */
  let shownBoard = null;
  async function seatBoard() {
    const wanted = document.querySelector('#game [data-board]');
    const img = document.querySelector('#game .board figure img');
    if (!wanted || !img) return;
    const res = await fetch(wanted.dataset.board, authorised({ headers: { accept: 'image/png' } }));
    if (!res.ok || !img.isConnected) return;
    const url = URL.createObjectURL(await res.blob());
    img.src = url;
    if (shownBoard) URL.revokeObjectURL(shownBoard);
    shownBoard = url;
  }

  /** Shows the game as it stands, at step `path` of the member's move ('' for its start). */
  async function show(path) {
    if (busy) { stale = true; return; }
    busy = true;
    try {
      const url = new URL('/activity/game', location.href);
      url.search = new URLSearchParams({ channel, lang, ...(path ? { path } : {}) }).toString();
      const res = await fetch(url, authorised());
      if (!res.ok) {
        say(await errorOf(res));
        return;
      }
      const data = await res.json();
      current = { ...data, path };
      status.hidden = true;
      place(data.html);
      follow();
    } finally {
      busy = false;
      if (stale) {
        stale = false;
        show('');
      }
    }
  }

  /** Follows the game: a move made anywhere (Discord, the other player, the AI) shows at once. */
  function follow() {
    if (events) return;
    events = new EventSource(current.events);
    const news = (e) => {
      const data = JSON.parse(e.data);
      if (current && data.version !== current.version) show('');
    };
    events.addEventListener('hello', news);
    events.addEventListener('version', news);
  }

  /** A past position, from the watch page's changing part; the newest one shows the member's own part again. */
  async function review(move) {
    const game = document.getElementById('game');
    if (!current || !game || move >= Number(game.dataset.last)) return show('');
    const url = new URL(`/g/${current.token}/live`, location.href);
    url.search = new URLSearchParams({ move: String(move), lang }).toString();
    const res = await fetch(url, { headers: { accept: 'text/html' } });
    if (res.ok) place(await res.text());
  }

  /** Plays the move at `path` through the game master, as a press on Discord would. */
  async function play(path) {
    if (!current || busy) return;
    busy = true;
    const notice = document.querySelector('#game .activity-notice');
    say(status.dataset.sending);
    try {
      const res = await fetch(current.move, authorised({
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ version: String(current.version), path }).toString(),
      }));
      status.hidden = true;
      if (!res.ok && notice) {
        notice.textContent = await errorOf(res);
        notice.hidden = false;
      }
    } finally {
      busy = false;
    }
    await show('');
  }

  document.addEventListener('click', (e) => {
    const target = e.target.closest && e.target.closest('svg.touch a[data-path], .your-move button[data-path], .your-move button[data-step], a.step[data-move]');
    if (!target) return;
    e.preventDefault();
    if (target.matches('a.step')) review(Number(target.dataset.move));
    else if (target.hasAttribute('data-step')) show(target.dataset.step);
    else if (target.hasAttribute('data-completes')) play(target.dataset.path);
    else show(target.dataset.path);
  });
  // The board's choices: the arrow keys go from one to the next, Enter or Space plays.
  document.addEventListener('keydown', (e) => {
    const at = e.target.closest && e.target.closest('svg.touch a');
    if (!at) return;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (step) {
      const all = Array.from(document.querySelectorAll('svg.touch a'));
      e.preventDefault();
      all[(all.indexOf(at) + step + all.length) % all.length].focus();
    } else if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      at.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    }
  });

  async function start() {
    const sdk = new window.SiegeDiscord.DiscordSDK(clientId, { disableConsoleLogOverride: true });
    channel = channel || sdk.channelId;
    await sdk.ready();
    const { code } = await sdk.commands.authorize({ client_id: clientId, response_type: 'code', state: '', prompt: 'none', scope: ['identify'] });
    const res = await fetch('/activity/token', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ code }) });
    if (!res.ok) return say(await errorOf(res));
    const signedIn = await res.json();
    session = signedIn.session;
    await sdk.commands.authenticate({ access_token: signedIn.access_token });
    await show('');
  }

  say(status.dataset.connecting);
  start().catch(() => say(status.dataset.failed));
})();
