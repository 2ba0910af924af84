import type { ComponentType } from 'react';

type Load = () => Promise<void>;

/** Every on-demand part by name, to load the ones a server-rendered page contains. */
const parts = new Map<string, Load>();

/**
 * A part of the page whose code loads on demand — the business and campaign screens, which
 * consumer pages do not ship (docs/decisions/018-preact.md). Until its code is loaded the part
 * suspends (the nearest `Suspense` shows its fallback, as on a client navigation). A page that
 * arrives from the server never waits: the server loads every part before its first render
 * (`loadAllParts`) and the browser loads the parts the page contains before hydrating
 * (`loadPartsIn`), so both render the same tree in the same order — Preact's `useId` counts in
 * render order, and a part that suspended during hydration would get other ids than the
 * server's. The part is rendered inside one element without a box (`display: contents`) that
 * names it for the browser.
 */
export function onDemand<Props extends object>(
  name: string,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  let Part: ComponentType<Props> | undefined;
  let failure: { error: unknown } | undefined;
  let loading: Promise<void> | undefined;
  const loadPart = () =>
    (loading ??= load().then(
      (loaded) => {
        Part = loaded;
      },
      (error: unknown) => {
        failure = { error };
      },
    ));
  parts.set(name, loadPart);

  function OnDemandPart(props: Props) {
    // As React.lazy: a failed load goes to the error boundary; a render that cannot finish yet
    // throws what it waits for (Suspense's protocol).
    if (failure) throw failure.error;
    if (!Part) throw loadPart();
    return (
      <div className="on-demand" data-part={name}>
        <Part {...props} />
      </div>
    );
  }
  OnDemandPart.displayName = `OnDemand(${name})`;
  return OnDemandPart;
}

/** Loads the code of every on-demand part rendered in `root` (the browser, before hydrating). */
export const loadPartsIn = (root: ParentNode) =>
  Promise.all(
    Array.from(root.querySelectorAll<HTMLElement>('[data-part]'), (element) =>
      parts.get(element.dataset.part ?? '')?.(),
    ),
  );

/** Loads every on-demand part (the server, before rendering a page). */
export const loadAllParts = () => Promise.all(Array.from(parts.values(), (loadPart) => loadPart()));
