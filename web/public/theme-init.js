// Applies the stored colour scheme before the first paint, so a dark-mode user never sees a
// white flash. A file rather than an inline script: the CSP allows only our own scripts.
(function () {
  try {
    var stored = localStorage.getItem('theme');
    var dark =
      stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch (error) {
    // Storage may be unavailable (private mode); the app applies the scheme once it starts.
  }
})();
