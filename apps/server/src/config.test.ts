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
