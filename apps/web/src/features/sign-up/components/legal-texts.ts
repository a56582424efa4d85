/** The Terms of Service and Privacy Policy shown by the sign-up form (spec 2 §1, §2). */

export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
}

export const TERMS_OF_SERVICE: readonly LegalSection[] = [
  {
    heading: 'The service',
    paragraphs: [
      'Blotter is an incident management service for organisations. It is sold only to businesses in the USA and Canada.',
      'A free trial lasts 30 days and allows 5 concurrent users. Paid plans are monthly or yearly for a chosen number of users, end on their anniversary date and can be cancelled at any time.',
    ],
  },
  {
    heading: 'Support',
    paragraphs: ['Support responds within 24 hours on weekdays, 9 am to 5 pm Mountain time.'],
  },
  {
    heading: 'Availability',
    paragraphs: ['We target 99.9% availability of the service, planned maintenance excluded.'],
  },
  {
    heading: 'Your data',
    paragraphs: [
      'Your data remains yours. It is retained for 6 months after your trial or subscription expires, then deleted.',
    ],
  },
  {
    heading: 'Payments',
    paragraphs: ['Payments are not refunded. A cancelled subscription stays usable until its end date.'],
  },
];

export const PRIVACY_POLICY: readonly LegalSection[] = [
  {
    heading: 'What we collect',
    paragraphs: [
      'The details you give when signing up (your name, company email, company name, phone and country) and the incidents and records your users enter.',
    ],
  },
  {
    heading: 'How we use it',
    paragraphs: [
      'Only to provide the service, to contact you about your account and to answer support requests. We do not sell personal information.',
    ],
  },
  {
    heading: 'Who can see it',
    paragraphs: [
      "Only your company's users, as your administrators' privileges allow; private person details are shown only to users allowed to see them.",
    ],
  },
  {
    heading: 'Retention',
    paragraphs: ['Data is retained for 6 months after your trial or subscription expires, then deleted.'],
  },
];
