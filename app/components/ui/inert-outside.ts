/**
 * Makes everything on the page except `keep` (and what holds it) inert: no focus, no clicks,
 * nothing for assistive technology — the platform's own way of holding a modal region, the one
 * `<dialog>.showModal()` uses. For a region that cannot be a `<dialog>` (the mobile menu, whose
 * links are the desktop navigation too). Returns the undo; elements inert before stay inert.
 */
export function inertOutside(keep: readonly Element[]): () => void {
  const marked: Element[] = [];
  const walk = (parent: Element) => {
    for (const child of Array.from(parent.children)) {
      if (keep.includes(child)) continue;
      if (keep.some((element) => child.contains(element))) walk(child);
      else if (!child.hasAttribute('inert')) {
        child.setAttribute('inert', '');
        marked.push(child);
      }
    }
  };
  walk(document.body);
  return () => {
    for (const element of marked) element.removeAttribute('inert');
  };
}
