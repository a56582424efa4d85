import type { JobModule } from './jobs/job-types';
import { redactSms, type SmsMessage } from './sms';

declare module './jobs/job-types' {
  interface JobPayloads {
    /** A text message (two-factor codes); its payload is masked once sent or given up. */
    sms: SmsMessage;
  }
}

/** Outgoing text messages (platform/sms.ts). */
export const smsJobs = {
  name: 'sms',
  jobs: {
    sms: {
      run: (payload, _job, { sms }) => {
        if (!sms) throw new Error('No SMS sender');
        return sms.send(payload);
      },
      redact: redactSms,
    },
  },
} satisfies JobModule;
