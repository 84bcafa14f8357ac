// Applies the theme and wall mode the user chose last, before the first paint: a classic script in
// <head> (not a module, those run after parsing), so a light-theme user never sees a dark flash.
// ?wall=1 / ?wall=0 in the URL (rendered by the server as data-wall) wins over the saved choice.
(function () {
  var root = document.documentElement;
  try {
    var theme = localStorage.getItem('fabricpulse.theme');
    if (theme === 'light' || theme === 'dark') {
      root.setAttribute('data-theme', theme);
    }
    if (!root.hasAttribute('data-wall') && localStorage.getItem('fabricpulse.wall') === 'on') {
      root.setAttribute('data-wall', 'on');
    }
  } catch (e) {
    // Storage blocked (privacy settings): the defaults stay, dark and normal type.
  }
})();
