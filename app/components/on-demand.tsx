import { lazy, type ComponentType } from 'react';

/**
 * A part of the page whose code loads on demand (`React.lazy`), rendered inside one element that
 * takes no box (`display: contents`). The server renders the part whole; in the browser,
 * hydration keeps the server's nodes while the part's code loads. Preact keeps exactly one node
 * for a part that is still loading, so every part is one element (docs/decisions/018-preact.md).
 */
export function onDemand<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => {
    const Part = await load();
    return {
      default: (props: Props) => (
        <div className="on-demand">
          <Part {...props} />
        </div>
      ),
    };
  });
}
