// What every page shares: the theme and wall-mode toggles (remembered in localStorage, applied before
// paint by theme-init.js) and keyboard navigation: "g" then a page's key (data-shortcut on the nav
// links, so only pages that exist have one), "t" theme, "w" wall mode, "?" the list of shortcuts.

import { nextKeyAction } from './lib/shortcuts.js';

const root = document.documentElement;
const THEME_KEY = 'fabricpulse.theme';
const WALL_KEY = 'fabricpulse.wall';

function save(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch (e) {
    // Storage blocked: the choice lasts for this page only.
  }
}

function showState() {
  const light = root.dataset.theme === 'light';
  const wall = root.dataset.wall === 'on';
  document.querySelectorAll('[data-theme-toggle]').forEach((b) => b.setAttribute('aria-pressed', String(light)));
  document.querySelectorAll('[data-wall-toggle]').forEach((b) => b.setAttribute('aria-pressed', String(wall)));
}

function toggleTheme() {
  root.dataset.theme = root.dataset.theme === 'light' ? 'dark' : 'light';
  save(THEME_KEY, root.dataset.theme);
  showState();
}

function toggleWall() {
  root.dataset.wall = root.dataset.wall === 'on' ? 'off' : 'on';
  save(WALL_KEY, root.dataset.wall);
  showState();
}

const dialog = document.querySelector('[data-shortcuts]');
const shortcuts = Object.fromEntries(
  [...document.querySelectorAll('nav a[data-shortcut]')].map((a) => [a.dataset.shortcut, a.href]));

document.querySelector('[data-theme-toggle]')?.addEventListener('click', toggleTheme);
document.querySelector('[data-wall-toggle]')?.addEventListener('click', toggleWall);
document.querySelector('[data-shortcuts-open]')?.addEventListener('click', () => dialog.showModal());

let pending = null;
document.addEventListener('keydown', (event) => {
  const typing = event.target.closest('input, textarea, select, [contenteditable]');
  if (typing || event.ctrlKey || event.metaKey || event.altKey || dialog?.open) {
    pending = null;
    return;
  }
  const { action, next } = nextKeyAction(pending, event.key, shortcuts);
  pending = next;
  if (!action) {
    return;
  }
  event.preventDefault();
  if (action.go) {
    window.location.assign(action.go);
  } else if (action.command === 'theme') {
    toggleTheme();
  } else if (action.command === 'wall') {
    toggleWall();
  } else if (action.command === 'help') {
    dialog.showModal();
  }
});

showState();
