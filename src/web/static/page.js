// Every page: the language picker's links lead to the page as it is now, and the page's times
// are said in the reader's own time zone, in the page's language, a clock's with how far off it
// is ("12 Mar 2025, 14:03 (in 2 days)"). Other scripts call siegeTimes() again when they replace
// part of the page.
(() => {
  const lang = document.documentElement.lang || undefined;
  // A language link leads to the page as it is now: the watch page's script may have stepped
  // to another move since the page (and its links) were made.
  document.addEventListener('click', (e) => {
    const a = e.target.closest && e.target.closest('details.lang a[data-lang]');
    if (!a) return;
    const url = new URL(location.href);
    url.searchParams.set('lang', a.dataset.lang);
    a.href = url.toString();
  });

  const UNITS = [['day', 86400000], ['hour', 3600000], ['minute', 60000]];

  function siegeTimes() {
    const rtf = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
    const full = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
    for (const t of document.querySelectorAll('time[datetime]')) {
      const at = new Date(t.getAttribute('datetime'));
      if (Number.isNaN(at.getTime())) continue;
      t.textContent = full.format(at);
      if (t.hasAttribute('data-relative')) {
        const ms = at.getTime() - Date.now();
        const [unit, size] = UNITS.find(([, s]) => Math.abs(ms) >= s) || UNITS[2];
        t.textContent += ` (${rtf.format(Math.round(ms / size), unit)})`;
      }
    }
  }

  window.siegeTimes = siegeTimes;
  siegeTimes();
  setInterval(siegeTimes, 30000);
})();
