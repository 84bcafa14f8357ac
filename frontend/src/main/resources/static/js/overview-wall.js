// Wall mode on the overview is its own layout (app.css, html[data-wall=on] main.overview): the alerts first, a
// large map beside them. The map (its module and the folded graph) is loaded only when wall mode is on, now or
// after the 'w' key, so a desk's overview stays light.

const root = document.documentElement;
let loaded = false;

function loadMapWhenOnTheWall() {
  if (!loaded && root.dataset.wall === 'on') {
    loaded = true;
    import('./map.js');
  }
}

new MutationObserver(loadMapWhenOnTheWall).observe(root, { attributes: true, attributeFilter: ['data-wall'] });
loadMapWhenOnTheWall();
