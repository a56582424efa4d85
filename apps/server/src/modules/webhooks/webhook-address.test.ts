import { describe, expect, it } from 'vitest';
import { checkedAddress, isPublicAddress, RefusedAddress } from './webhook-address';

describe('isPublicAddress (the SSRF classifier)', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.1.2.3',
    '::ffff:169.254.169.254',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('checkedAddress', () => {
  it('refuses a host name resolving to loopback in production, allows it in test', async () => {
    await expect(checkedAddress('localhost', 'prod')).rejects.toBeInstanceOf(RefusedAddress);
    await expect(checkedAddress('localhost', 'demo')).rejects.toBeInstanceOf(RefusedAddress);
    await expect(checkedAddress('[::1]', 'prod')).rejects.toBeInstanceOf(RefusedAddress);
    await expect(checkedAddress('169.254.169.254', 'prod')).rejects.toBeInstanceOf(RefusedAddress);
    expect((await checkedAddress('127.0.0.1', 'test')).address).toBe('127.0.0.1');
    expect((await checkedAddress('127.0.0.1', 'local')).address).toBe('127.0.0.1');
  });

  it('answers a public literal as is in production', async () => {
    expect(await checkedAddress('8.8.8.8', 'prod')).toEqual({ address: '8.8.8.8', family: 4 });
  });
});
