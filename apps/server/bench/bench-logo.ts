import sharp from 'sharp';
import { accountFolder } from '../src/platform/storage';
import { setCompanyLogo } from '../test/company-logo';
import type { TestContext } from '../test/test-app';

/** Gives the bench company an 800 × 300 PNG logo, as large as a printed header shows. */
export async function setBenchLogo(t: TestContext, accountId: string) {
  const logo = await sharp({ create: { width: 800, height: 300, channels: 4, background: '#0d3b66' } })
    .png()
    .toBuffer();
  await setCompanyLogo(t, accountId, `${accountFolder(accountId)}/logos/logo.png`, logo);
}
