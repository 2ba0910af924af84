/** The Chromium the browser tests drive: scripts/chromium-path.mjs. */
export declare const chromiumPath: string | undefined;
