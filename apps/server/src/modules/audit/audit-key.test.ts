import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { AUDIT_KEY_FILE, auditKeyOf, loadAuditKey } from './audit-key';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('the audit chain key', () => {
  it('is generated once into DATA_DIR when AUDIT_CHAIN_KEY is not set, readable by the server only', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'audit-key-'));
    dirs.push(dataDir);
    const first = await loadAuditKey({ auditChainKey: undefined, dataDir });
    const second = await loadAuditKey({ auditChainKey: undefined, dataDir });
    expect(second.id).toBe(first.id);
    expect(second.link('a', 'b')).toBe(first.link('a', 'b'));
    const file = path.join(dataDir, AUDIT_KEY_FILE);
    expect((await readFile(file, 'utf8')).trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('is the configured AUDIT_CHAIN_KEY when set (at least 32 characters), and links differ by key', async () => {
    const secret = 'k'.repeat(32);
    expect(loadConfig({ AUDIT_CHAIN_KEY: secret }).auditChainKey).toBe(secret);
    expect(loadConfig({ AUDIT_CHAIN_KEY: '' }).auditChainKey).toBeUndefined();
    expect(() => loadConfig({ AUDIT_CHAIN_KEY: 'short' })).toThrow(ConfigError);
    const configured = await loadAuditKey({ auditChainKey: secret, dataDir: '/nonexistent' });
    expect(configured.id).toBe(auditKeyOf(secret).id);
    expect(configured.link('a', 'b')).not.toBe(auditKeyOf('j'.repeat(32)).link('a', 'b'));
    expect(configured.publicJwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', kid: configured.id });
    expect(configured.publicJwk).not.toHaveProperty('d');
  });
});
