// A classic (blocking) script so the first paint already uses the stored colour scheme: no flash
// of the wrong theme. Kept tiny; the app's theme provider takes over once it loads.
(function () {
  var stored = null;
  try {
    stored = localStorage.getItem('color-scheme');
  } catch {
    // storage blocked: fall back to the system setting
  }
  var dark = stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
