import type { JobModule } from './jobs/job-types';
import type { MailMessage } from './mail';

declare module './jobs/job-types' {
  interface JobPayloads {
    mail: MailMessage;
    /**
     * An email whose text ends with a link into the app: `linkPath` is appended to the server's
     * public URL when it is sent (the services that queue it do not know that URL).
     */
    appLinkMail: MailMessage & { linkPath: string };
  }
}

/** Outgoing email (platform/mail.ts): sent by the job worker, retried while the relay fails. */
export const mailJobs = {
  name: 'mail',
  jobs: {
    mail: { run: (payload, _job, { mailer }) => mailer.send(payload) },
    appLinkMail: {
      run: ({ linkPath, ...message }, job, { mailer, publicUrl }) => {
        if (!publicUrl) throw new Error('No public URL to link to');
        return mailer.send({
          ...message,
          text: `${message.text}${publicUrl}${linkPath}`,
          // The same Message-ID however often the job runs: if a crash repeats a sent email (the
          // worker died before recording it), the copy is recognisably the same message.
          messageId: `<job-${job.id}@blotter.invalid>`,
        });
      },
    },
  },
} satisfies JobModule;
