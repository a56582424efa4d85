/**
 * The value of `make` worked out at the first call and shared by every later one: a library loaded
 * at its first use (`once(() => import('…'))`) instead of with the server, so a server that never
 * sends a text, charges a card or draws a PDF never holds that library's code in memory. A failed
 * attempt is forgotten, so the next call tries again.
 */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= make().catch((error: unknown) => {
      value = undefined;
      throw error;
    });
    return value;
  };
}
