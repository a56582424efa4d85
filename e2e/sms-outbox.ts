import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/** The text messages the app wrote to DATA_DIR/sms (no Twilio configured), oldest first. */
async function textsTo(phone: string): Promise<string[]> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'sms');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.txt')).sort();
  const texts = await Promise.all(names.map((name) => readFile(path.join(dir, name), 'utf8')));
  return texts.filter((text) => text.startsWith(`To: ${phone}\n`));
}

/** Waits for the `count`-th text message to `phone` (+digits) and answers the 6-digit code in it. */
export async function waitForSmsCode(phone: string, count = 1): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const texts = await textsTo(phone);
        code = /\b(\d{6})\b/.exec(texts[count - 1] ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 20_000, message: `text message ${count} to ${phone}` },
    )
    .toMatch(/^\d{6}$/);
  return code;
}
