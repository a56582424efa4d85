import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig: file storage', () => {
  it('keeps files in the local folder when S3_BUCKET is unset or empty', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: ' ', S3_ENDPOINT: 'http://127.0.0.1:9000' }).s3).toBeUndefined();
  });

  it('reads the S3_* variables when S3_BUCKET is set', () => {
    expect(
      loadConfig({
        S3_BUCKET: 'blotter-files',
        S3_REGION: 'eu-west-3',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: 'blotter',
      }).s3,
    ).toEqual({
      bucket: 'blotter-files',
      region: 'eu-west-3',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'blotter',
    });
    expect(loadConfig({ S3_BUCKET: 'b' }).s3).toEqual({
      bucket: 'b',
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
      prefix: '',
    });
  });

  it('names the variable of a bad S3 setting', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(ConfigError);
  });
});

describe('loadConfig: answer checks', () => {
  it('checks every answer against its schema outside demo and prod, unless CHECK_RESPONSES says otherwise', () => {
    expect(loadConfig({}).checkResponses).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://dev.blotter.app' }).checkResponses).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://blotter.app' }).checkResponses).toBe(false);
    expect(loadConfig({ APP_ENV: 'demo' }).checkResponses).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://blotter.app', CHECK_RESPONSES: 'true' }).checkResponses).toBe(true);
    expect(loadConfig({ CHECK_RESPONSES: 'false' }).checkResponses).toBe(false);
  });
});

describe('loadConfig: SMS', () => {
  it('writes text messages to DATA_DIR/sms without Twilio, and reads the three TWILIO_* together', () => {
    const plain = loadConfig({ DATA_DIR: '/srv/blotter' });
    expect(plain.sms).toEqual({ twilio: undefined, dir: '/srv/blotter/sms' });
    expect(
      loadConfig({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: '+15550001111' }).sms.twilio,
    ).toEqual({ accountSid: 'AC1', authToken: 'token', from: '+15550001111' });
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'token' })).toThrow(
      'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together',
    );
  });
});

describe('loadConfig: trial', () => {
  it('gives a trial 30 days by default; TRIAL_DAYS may be a fraction, never 0', () => {
    expect(loadConfig({}).trialDays).toBe(30);
    expect(loadConfig({ TRIAL_DAYS: '0.5' }).trialDays).toBe(0.5);
    expect(() => loadConfig({ TRIAL_DAYS: '0' })).toThrow(/TRIAL_DAYS/);
  });
});

describe('loadConfig: time limits of outside calls and the job lease', () => {
  it('has limits by default, and reads SMTP_*_TIMEOUT_MS, HTTP_*TIMEOUT_MS and JOB_LEASE_SECONDS', () => {
    const plain = loadConfig({});
    expect(plain.timeouts).toEqual({
      smtp: { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 },
      http: { connectMs: 5000, requestMs: 30_000 },
    });
    expect(plain.jobs).toEqual({ leaseSeconds: 300 });
    const set = loadConfig({
      SMTP_CONNECTION_TIMEOUT_MS: '2000',
      SMTP_GREETING_TIMEOUT_MS: '3000',
      SMTP_SOCKET_TIMEOUT_MS: '4000',
      HTTP_CONNECT_TIMEOUT_MS: '1000',
      HTTP_TIMEOUT_MS: '5000',
      JOB_LEASE_SECONDS: '60',
    });
    expect(set.timeouts).toEqual({
      smtp: { connectionMs: 2000, greetingMs: 3000, socketMs: 4000 },
      http: { connectMs: 1000, requestMs: 5000 },
    });
    expect(set.jobs.leaseSeconds).toBe(60);
    expect(() => loadConfig({ SMTP_SOCKET_TIMEOUT_MS: 'soon' })).toThrow(/SMTP_SOCKET_TIMEOUT_MS/);
    expect(() => loadConfig({ HTTP_TIMEOUT_MS: '0' })).toThrow(/HTTP_TIMEOUT_MS/);
  });

  it('refuses a lease shorter than a job may take with the time limits', () => {
    // 10 s + 10 s + 6 × 30 s = 200 s for an email.
    expect(() => loadConfig({ JOB_LEASE_SECONDS: '120' })).toThrow(/JOB_LEASE_SECONDS must be longer .* \(200 s\)/);
    expect(loadConfig({ JOB_LEASE_SECONDS: '201' }).jobs.leaseSeconds).toBe(201);
  });
});
