// Runs before the first paint (a classic script in <head>, allowed by the same-origin script policy where an
// inline one is not): marks the page with the theme the user chose, or the system's, so the canvas is
// never painted light and then dark. lib/theme/theme.ts owns the choice afterwards and uses the same key.
(function () {
  var choice = null;
  try {
    choice = localStorage.getItem('hc.theme');
  } catch {
    // storage blocked: the system preference decides
  }
  var dark =
    choice === 'dark' ||
    (choice !== 'light' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  root.setAttribute('data-theme', dark ? 'dark' : 'light');
  root.style.colorScheme = dark ? 'dark' : 'light';
  root.style.backgroundColor = dark ? '#111827' : '#f4f5f8';
})();
