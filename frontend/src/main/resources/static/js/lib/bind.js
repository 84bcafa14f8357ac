// Places the values of one JSON object into the elements under a root, by data-* attributes the
// server renders too (see templates/overview/overview.html):
//   data-text="path"      -> textContent
//   data-title="path"     -> title attribute, removed when the value is null or empty
//   data-datetime="path"  -> datetime attribute, removed when the value is null or empty
//   data-href="path"      -> href attribute (a link that follows the row), removed when null or empty
//   data-flag="path"      -> data-on="true" | "false" (truthy: true or a number above zero)
// A path is a dot-separated walk into the object ("summary.withErrors", "symbolErrors.rate").
// The values arrive formatted by the server (DisplayFormat), so this module never formats anything:
// a live cell reads exactly as the server-rendered one did.

/** The value at a dot-separated path, or undefined when any step is missing. */
export function valueAt(data, path) {
  return path.split('.').reduce((value, key) => (value == null ? undefined : value[key]), data);
}

/** Updates every bound element under {@code root} (not the root itself) from {@code data}. */
export function bind(root, data) {
  for (const el of root.querySelectorAll('[data-text]')) {
    const value = valueAt(data, el.dataset.text);
    const text = value == null ? '' : String(value);
    // Writing the same text again still costs a layout; skip it, most cells do not change.
    if (el.textContent !== text) {
      el.textContent = text;
    }
  }
  for (const el of root.querySelectorAll('[data-title]')) {
    setOrRemove(el, 'title', valueAt(data, el.dataset.title));
  }
  for (const el of root.querySelectorAll('[data-datetime]')) {
    setOrRemove(el, 'datetime', valueAt(data, el.dataset.datetime));
  }
  for (const el of root.querySelectorAll('[data-href]')) {
    setOrRemove(el, 'href', valueAt(data, el.dataset.href));
  }
  for (const el of root.querySelectorAll('[data-flag]')) {
    const value = valueAt(data, el.dataset.flag);
    el.dataset.on = String(value === true || (typeof value === 'number' && value > 0));
  }
}

function setOrRemove(el, attribute, value) {
  if (value == null || value === '') {
    el.removeAttribute(attribute);
  } else if (el.getAttribute(attribute) !== String(value)) {
    el.setAttribute(attribute, String(value));
  }
}

/**
 * Makes {@code container}'s children one per item, in order: the n-th child is reused (so nothing on screen moves
 * but its text), a missing one cloned from {@code template}, extra ones removed; {@code fill(element, item)} updates each.
 */
export function reuseChildren(container, template, items, fill) {
  items.forEach((item, index) => {
    let element = container.children[index];
    if (!element) {
      element = template.content.firstElementChild.cloneNode(true);
      container.append(element);
    }
    fill(element, item);
  });
  while (container.children.length > items.length) {
    container.lastElementChild.remove();
  }
}
