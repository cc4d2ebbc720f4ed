/** Where the person's colour scheme (light, dark or auto) is kept (Mantine's localStorage manager in @tend/ui). */
export const COLOR_SCHEME_STORAGE_KEY = 'tend-color-scheme';

/**
 * Sets `data-mantine-color-scheme` on <html> before the first paint, from the stored choice or the system's
 * (what Mantine's ColorSchemeScript does inline; an inline script is refused by the Content-Security-Policy,
 * so this is a file). Prerendered pages are painted in the right colours before the app runs.
 */
export const COLOR_SCHEME_SCRIPT = `try{var s=localStorage.getItem(${JSON.stringify(COLOR_SCHEME_STORAGE_KEY)});var c=s==="light"||s==="dark"?s:matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";document.documentElement.setAttribute("data-mantine-color-scheme",c)}catch(e){document.documentElement.setAttribute("data-mantine-color-scheme","light")}\n`;
