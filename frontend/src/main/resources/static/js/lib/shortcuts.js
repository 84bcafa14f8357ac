// The keyboard grammar, apart from the DOM so it reads (and is tested) on its own:
//   g <key>  go to the page whose nav link has data-shortcut="<key>"
//   t        toggle the theme        w  toggle wall mode        ?  show the shortcuts
// nextKeyAction(pending, key, pages) -> { action, next }: action is {go: url} or {command: name} or
// null; next is the pending prefix for the following key ("g" after a g, else null).

const COMMANDS = { t: 'theme', w: 'wall', '?': 'help' };

export function nextKeyAction(pending, key, pages) {
  if (pending === 'g') {
    return { action: pages[key] ? { go: pages[key] } : null, next: null };
  }
  if (key === 'g') {
    return { action: null, next: 'g' };
  }
  return { action: COMMANDS[key] ? { command: COMMANDS[key] } : null, next: null };
}
