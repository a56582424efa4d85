/**
 * Which tabs of this browser have a working copy open in their form right now (issue 27): the
 * 'Continue with your changes?' offer says so before 'Discard my changes' throws that typing away.
 * Tabs talk over a BroadcastChannel; a copy id is already the user's own (working-copy.ts), so
 * another person signed in in another tab never matches.
 */
type PresenceMessage = { type: 'who' | 'here' | 'left'; id: string; tab: string };

const CHANNEL = 'blotter:working-copies';
const thisTab = globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`;

function openChannel(): BroadcastChannel | undefined {
  try {
    return new BroadcastChannel(CHANNEL);
  } catch {
    return undefined;
  }
}

const isPresence = (data: unknown): data is PresenceMessage =>
  typeof data === 'object' && data !== null && 'type' in data && 'id' in data && 'tab' in data;

/** Says that this tab has the copy open (and answers who asks) until the returned function is called. */
export function announceOpenCopy(id: string): () => void {
  const channel = openChannel();
  if (!channel) return () => {};
  const say = (type: PresenceMessage['type']) => channel.postMessage({ type, id, tab: thisTab });
  channel.onmessage = (event) => {
    if (isPresence(event.data) && event.data.type === 'who' && event.data.id === id) say('here');
  };
  say('here');
  // A closed tab runs no cleanup of React's: it says goodbye on pagehide.
  const leave = () => say('left');
  window.addEventListener('pagehide', leave);
  return () => {
    window.removeEventListener('pagehide', leave);
    leave();
    channel.close();
  };
}

/** Asks which other tabs have the copy open, and follows them opening and leaving it; calls back with how many. */
export function watchOpenCopy(id: string, onChange: (tabs: number) => void): () => void {
  const channel = openChannel();
  if (!channel) return () => {};
  const tabs = new Set<string>();
  channel.onmessage = (event) => {
    const message = event.data;
    if (!isPresence(message) || message.id !== id || message.tab === thisTab || message.type === 'who') return;
    if (message.type === 'here') tabs.add(message.tab);
    else tabs.delete(message.tab);
    onChange(tabs.size);
  };
  channel.postMessage({ type: 'who', id, tab: thisTab });
  return () => channel.close();
}
