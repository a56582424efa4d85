/** Whether this build has the service worker and the manifest (vite.config.ts: BLOTTER_PWA=0 leaves them out). */
declare const __BLOTTER_PWA__: boolean;
