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
  // Opens this tab's session storage while the page still waits for its scripts: the first use is a
  // synchronous round trip to the browser process, which the router's setup (it reads session storage)
  // would otherwise wait for in a task of its own after the first paint.
  try {
    sessionStorage.getItem('theme-boot');
  } catch {
    // storage blocked: the router copes, and so does this
  }
})();
