(function () {
  var scripts = JSON.parse(document.getElementById('__SCRIPTS__').textContent);
  var started = false;
  function load() {
    if (started) return;
    started = true;
    scripts.preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    });
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.src = scripts.entry;
    document.body.appendChild(entry);
  }
  // rAF runs before the first frame is painted; the timeout after it, once that frame is out.
  // A page opened in a background tab paints nothing to wait for.
  if (document.hidden) load();
  else requestAnimationFrame(function () { setTimeout(load, 0); });
})();
