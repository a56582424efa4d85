import { expect, test } from '@playwright/test';
import { mailLink, waitForMail } from './mailbox';
import { saveTrialCompany } from './trial-company';

/**
 * The first step of the subscription journey (e2e/subscription.spec.ts), run first in the run
 * (the 'trial-signup' project in playwright.config.ts): a company signs up for the free trial and
 * its owner confirms the emailed link. The e2e server's trial lasts a few minutes, which the other
 * journeys fill instead of a wait.
 */
test('a company signs up for the free trial and its owner verifies the email address', async ({ page }, testInfo) => {
  const suffix = Date.now().toString(36);
  const company = {
    email: `owner-${suffix}@harbour-${suffix}.example`,
    password: 'Trial!2345',
    companyName: `Harbour Freight ${suffix}`,
  };
  const signUp = await page.request.post('/api/accounts', {
    data: {
      email: company.email,
      password: company.password,
      passwordConfirm: company.password,
      firstName: 'Hana',
      lastName: 'Harbour',
      companyName: company.companyName,
      phone: '604-555-0142',
      companyCountryCode: 'CA',
      businessType: 'general',
      serviceAgreementChecked: true,
    },
  });
  expect(signUp.status()).toBe(200);
  const mail = await waitForMail(company.email, /Verify your email address/);
  await page.goto(mailLink(mail, '/api/users/verifyEmail?token='));
  // Opening the link verifies nothing (mail scanners open links): the person confirms.
  await page.getByRole('button', { name: 'Confirm email address' }).click();
  await expect(page.getByText('Your email address is verified.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('email-verified.png') });
  saveTrialCompany(company);
});
