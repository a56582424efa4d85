/**
 * Registers the service worker (src/sw.ts, built to /sw.js) once the page has loaded, so its
 * download and the precache it starts never compete with the first load. Only in a production
 * build with the PWA (the dev server has no /sw.js) and where the browser has service workers.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !__BLOTTER_PWA__ || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      // The app works without it (online only); say why in the console for whoever looks.
      console.warn('Blotter: the offline app could not be installed.', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
