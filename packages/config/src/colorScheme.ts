/** Where the person's colour scheme (light, dark or auto) is kept (Mantine's localStorage manager in @tend/ui). */
export const COLOR_SCHEME_STORAGE_KEY = 'tend-color-scheme';

/**
 * Sets `data-mantine-color-scheme` on <html> before the first paint, from the stored choice or the system's
 * (what Mantine's ColorSchemeScript does), so prerendered pages are painted in the person's colours before the
 * app runs. It is inline in every page's head (a file would be one more request before the first paint) and
 * the Content-Security-Policy allows exactly this script by its hash (COLOR_SCHEME_SCRIPT_HASH in hosting.ts),
 * nothing else inline. Imported by browser code too (the storage key): no Node module here.
 */
export const COLOR_SCHEME_SCRIPT = `try{var s=localStorage.getItem(${JSON.stringify(COLOR_SCHEME_STORAGE_KEY)});var c=s==="light"||s==="dark"?s:matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";document.documentElement.setAttribute("data-mantine-color-scheme",c)}catch(e){document.documentElement.setAttribute("data-mantine-color-scheme","light")}`;
