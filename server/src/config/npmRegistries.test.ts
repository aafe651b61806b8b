import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import { describe, it } from 'node:test';
import { loadConfig } from './config.ts';
import { nerfDart, npmRegistries, parseNpmrc } from './npmRegistries.ts';
import { temporaryFolder } from '../testing/temporaryFolder.ts';

function tempDir(): string {
  return temporaryFolder('npmrc-test');
}

/** The environment of a user whose npm files are the ones given (none elsewhere on the machine is read). */
function npmEnv(dir: string, files: { user?: string; global?: string }): Record<string, string> {
  const user = path.join(dir, 'user.npmrc');
  const global = path.join(dir, 'global.npmrc');
  if (files.user !== undefined) fs.writeFileSync(user, files.user);
  if (files.global !== undefined) fs.writeFileSync(global, files.global);
  return { HOME: dir, npm_config_userconfig: user, npm_config_globalconfig: global };
}

describe('npm registries and credentials', () => {
  it('keys credentials by registry as npm does: host, port and folder, without the protocol', () => {
    assert.equal(nerfDart('https://npm.acme.test/'), '//npm.acme.test/');
    assert.equal(nerfDart('http://127.0.0.1:4873/private/'), '//127.0.0.1:4873/private/');
    assert.equal(nerfDart('https://npm.acme.test/private/index.json?x=1'), '//npm.acme.test/private/');
  });

  it('reads scopes, tokens, basic credentials and ${ENV} from an npmrc', () => {
    const settings = parseNpmrc(
      [
        '; a comment',
        '# another',
        '@acme:registry = https://npm.acme.test/private/',
        '//npm.acme.test/private/:_authToken=${ACME_TOKEN}',
        '//basic.test/:_auth="dXNlcjpwYXNz"',
        '//pw.test/:username=user',
        '//pw.test/:_password=cGFzcw==',
        '//unset.test/:_authToken=${NOT_SET}',
        '//optional.test/:_authToken=${NOT_SET?}',
      ].join('\n'),
      { ACME_TOKEN: 'acme-123' },
    );
    assert.deepEqual(settings.scopes, { '@acme': 'https://npm.acme.test/private' });
    assert.deepEqual(settings.auth, {
      '//npm.acme.test/private/': 'Bearer acme-123',
      '//basic.test/': 'Basic dXNlcjpwYXNz',
      '//pw.test/': `Basic ${Buffer.from('user:pass').toString('base64')}`,
      // npm leaves a reference to an unset variable as written; `?` makes it empty, which sets nothing.
      '//unset.test/': 'Bearer ${NOT_SET}',
    });
  });

  it('layers global, user, project, npm environment, SKYLIFT_NPMRC and SKYLIFT_* settings, strongest last', () => {
    const dir = tempDir();
    const project = path.join(dir, 'project');
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, '.npmrc'), '@proj:registry=https://project.test/\n@user:registry=https://project-wins.test/\n');
    const ours = path.join(dir, 'ours.npmrc');
    fs.writeFileSync(ours, '//ours.test/:_authToken=ours-token\n@env:registry=https://ours-wins.test/\n');
    const env = {
      ...npmEnv(dir, {
        global: '@global:registry=https://global.test/\n@user:registry=https://global-loses.test/\n//global.test/:_authToken=g\n',
        user: '@user:registry=https://user.test/\n',
      }),
      'npm_config_@env:registry': 'https://env.test/',
      SKYLIFT_NPMRC: ours,
      SKYLIFT_NPM_SCOPES: '@cfg=https://cfg.test/, @proj=https://cfg-wins.test/',
      SKYLIFT_NPM_TOKEN: 'default-token',
    };
    const registries = npmRegistries(env, { projectRoot: project, defaultRegistry: 'https://registry.test/npm' });
    assert.deepEqual(registries.scopes, {
      '@global': 'https://global.test',
      '@user': 'https://project-wins.test',
      '@proj': 'https://cfg-wins.test',
      '@env': 'https://ours-wins.test',
      '@cfg': 'https://cfg.test',
    });
    const byPrefix = Object.fromEntries(registries.credentials.map((c) => [c.prefix, c.authorization.reveal()]));
    assert.deepEqual(byPrefix, { '//global.test/': 'Bearer g', '//ours.test/': 'Bearer ours-token', '//registry.test/npm/': 'Bearer default-token' });
    // The most specific prefix comes first, so that it is the one chosen.
    assert.equal(registries.credentials[0]!.prefix, '//registry.test/npm/');
  });

  it('refuses a malformed scope setting and an unreadable SKYLIFT_NPMRC', () => {
    const dir = tempDir();
    const base = { ...npmEnv(dir, {}), SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:1', SKYLIFT_DATA_DIR: dir };
    assert.throws(() => loadConfig({ ...base, SKYLIFT_NPM_SCOPES: 'acme=https://x.test/' }), /SKYLIFT_NPM_SCOPES: "acme=https:\/\/x.test\/" is not @scope=URL/);
    assert.throws(() => loadConfig({ ...base, SKYLIFT_NPMRC: path.join(dir, 'absent') }), /SKYLIFT_NPMRC: cannot read/);
  });

  it('never prints a token: the configuration serialised or inspected shows [redacted]', () => {
    const dir = tempDir();
    const config = loadConfig({
      ...npmEnv(dir, { user: '//npm.acme.test/:_authToken=user-file-token\n' }),
      SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:1',
      SKYLIFT_DATA_DIR: dir,
      SKYLIFT_NPM_TOKEN: 'env-token-value',
    });
    assert.equal(config.upstream.npm.credentials.length, 2);
    for (const text of [JSON.stringify(config), inspect(config, { depth: 10 }), String(config.upstream.npm.credentials[0]!.authorization)]) {
      assert.doesNotMatch(text, /user-file-token|env-token-value/);
    }
    assert.match(JSON.stringify(config.upstream.npm.credentials), /\[redacted\]/);
  });
});
