// The manifest (package.json) and the code must agree: activation events,
// command ids, setting names and defaults.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';

import {
  ACTIVATION_EVENTS,
  CONFIG_SECTION,
  DEFAULT_DEBOUNCE_MS,
  DEFAULT_PATH,
  RESTART_COMMAND,
  SHOW_CATALOG_COMMAND,
  SKILL_LANGUAGES,
} from '../config';

interface Manifest {
  name: string;
  main: string;
  license: string;
  repository: { url: string };
  engines: { vscode: string };
  activationEvents: string[];
  dependencies: Record<string, string>;
  scripts: Record<string, string>;
  devDependencies: Record<string, string>;
  contributes: {
    commands: { command: string }[];
    configurationDefaults: Record<string, unknown>;
    configuration: { properties: Record<string, { default?: unknown; enum?: string[]; type: string }> };
  };
}

// out/test/manifest.test.js -> package.json
const root = path.resolve(__dirname, '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;

describe('package.json', () => {
  it('activates on SKILL.md workspaces, package manifests and Markdown', () => {
    assert.deepEqual(manifest.activationEvents, [...ACTIVATION_EVENTS]);
  });

  it('makes SKILL.md Markdown by default, a language the selector takes (one problem, one diagnostic)', () => {
    // VS Code 1.139's own Skill language checks SKILL.md itself; the user
    // can have it back with "files.associations": {"**/SKILL.md": "skill"}.
    const assoc = manifest.contributes.configurationDefaults['files.associations'] as Record<string, string>;
    assert.deepEqual(assoc, { '**/SKILL.md': 'markdown' });
    assert.ok(SKILL_LANGUAGES.includes('markdown') && SKILL_LANGUAGES.includes('skill'));
  });

  it('points main at the bundled extension, built by esbuild before packaging', () => {
    assert.match(manifest.scripts.bundle, /^esbuild .*--bundle .*--outfile=out\/extension\.js .*--external:vscode/);
    assert.equal(manifest.scripts['vscode:prepublish'], 'npm run bundle');
    assert.equal(manifest.main, './out/extension.js');
    assert.ok(fs.existsSync(path.join(root, 'src', 'extension.ts')));
  });

  it('has what vsce needs to package offline', () => {
    assert.ok(manifest.license);
    assert.ok(manifest.repository.url);
    assert.ok(fs.existsSync(path.join(root, 'LICENSE')));
    assert.ok(fs.existsSync(path.join(root, '.vscodeignore')));
  });

  it('uses vscode-languageclient v9 with a matching engine and types', () => {
    assert.match(manifest.dependencies['vscode-languageclient'], /^\^9\./);
    // vsce refuses @types/vscode newer than engines.vscode.
    const engine = manifest.engines.vscode.replace(/^[\^~]/, '');
    const types = manifest.devDependencies['@types/vscode'].replace(/^[\^~]/, '');
    assert.equal(types, engine);
  });

  it('contributes the commands the extension registers', () => {
    const ids = manifest.contributes.commands.map((c) => c.command).sort();
    assert.deepEqual(ids, [RESTART_COMMAND, SHOW_CATALOG_COMMAND].sort());
  });

  it('declares the settings with the documented defaults', () => {
    const props = manifest.contributes.configuration.properties;
    assert.deepEqual(Object.keys(props).sort(), [
      `${CONFIG_SECTION}.debounceMs`,
      `${CONFIG_SECTION}.path`,
      `${CONFIG_SECTION}.roots`,
      `${CONFIG_SECTION}.rules`,
      `${CONFIG_SECTION}.targets`,
      `${CONFIG_SECTION}.trace.server`,
    ]);
    assert.equal(props['skill-ls.path'].default, DEFAULT_PATH);
    assert.equal(props['skill-ls.debounceMs'].default, DEFAULT_DEBOUNCE_MS);
    assert.deepEqual(props['skill-ls.targets'].default, []);
    assert.equal(props['skill-ls.targets'].type, 'array');
    assert.deepEqual(props['skill-ls.roots'].default, []);
    assert.deepEqual(props['skill-ls.trace.server'].enum, ['off', 'messages', 'verbose']);
    assert.equal(props['skill-ls.trace.server'].default, 'off');
  });
});
