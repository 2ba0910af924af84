/** The Chromium the browser tests drive: scripts/chromium-path.mjs. */
export declare const chromiumPath: string | undefined;
/** What that Chromium needs in its environment (empty unless it is the npm one). */
export declare const chromiumEnv: Record<string, string>;
