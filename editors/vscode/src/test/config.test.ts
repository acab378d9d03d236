import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';

import {
  CATALOG_COMMAND,
  DEFAULT_DEBOUNCE_MS,
  DOCUMENT_SELECTOR,
  catalogLanguage,
  catalogPickItems,
  catalogRequest,
  catalogText,
  catalogsDocument,
  bundledBinary,
  commandTargets,
  initializationOptions,
  launchFailureMessage,
  manifestTargets,
  normalizeSettings,
  parseTargets,
  resolveServerPath,
  serverCommand,
  targetsCommand,
} from '../config';

describe('normalizeSettings', () => {
  it('applies defaults to empty settings', () => {
    assert.deepEqual(normalizeSettings({}), {
      path: '',
      targets: [],
      roots: [],
      rules: {},
      debounceMs: DEFAULT_DEBOUNCE_MS,
    });
    assert.equal(DEFAULT_DEBOUNCE_MS, 50);
  });

  it('keeps valid values', () => {
    assert.deepEqual(
      normalizeSettings({
        path: '/opt/bin/skill-ls',
        targets: ['zed', 'codex'],
        roots: ['vendor/skills'],
        rules: { 'body-too-long': 'off', 'name-chars': 'warning' },
        debounceMs: 0,
      }),
      {
        path: '/opt/bin/skill-ls',
        targets: ['zed', 'codex'],
        roots: ['vendor/skills'],
        rules: { 'body-too-long': 'off', 'name-chars': 'warning' },
        debounceMs: 0,
      },
    );
  });

  it('drops mistyped values instead of failing', () => {
    const s = normalizeSettings({
      path: '   ',
      targets: ['zed', 3, '', 'zed', ' codex '],
      roots: 'vendor',
      rules: { a: 'loud', b: 'info', c: 7 },
      debounceMs: -5,
    });
    assert.equal(s.path, '');
    assert.deepEqual(s.roots, []);
    assert.deepEqual(s.targets, ['zed', 'codex']);
    assert.deepEqual(s.rules, { b: 'info' });
    assert.equal(s.debounceMs, 50);
  });

  it('rejects non-object rules and non-finite debounce', () => {
    const s = normalizeSettings({ rules: ['error'], debounceMs: Number.NaN, targets: 'zed' });
    assert.deepEqual(s.rules, {});
    assert.deepEqual(s.targets, []);
    assert.equal(s.debounceMs, 50);
  });

  it('floors fractional debounce', () => {
    assert.equal(normalizeSettings({ debounceMs: 12.7 }).debounceMs, 12);
  });
});

describe('serverCommand', () => {
  it('launches `skill-ls serve` from PATH when nothing is bundled', () => {
    assert.deepEqual(serverCommand(normalizeSettings({})), { command: 'skill-ls', args: ['serve'] });
  });

  it('runs the bundled binary unless a path is set', () => {
    const bundled = bundledBinary('/ext', 'linux');
    assert.equal(bundled, path.join('/ext', 'bin', 'skill-ls'));
    assert.equal(bundledBinary('/ext', 'win32'), path.join('/ext', 'bin', 'skill-ls.exe'));
    assert.deepEqual(serverCommand(normalizeSettings({}), { bundled }), { command: bundled, args: ['serve'] });
    assert.equal(serverCommand(normalizeSettings({ path: '/opt/skill-ls' }), { bundled }).command, '/opt/skill-ls');
  });

  it('never adds --stdio or other transport flags', () => {
    const cmd = serverCommand(normalizeSettings({ path: '/x/skill-ls' }));
    assert.deepEqual(cmd.args, ['serve']);
  });

  it('uses the configured path', () => {
    const cmd = serverCommand(normalizeSettings({ path: '/usr/local/bin/skill-ls' }));
    assert.equal(cmd.command, '/usr/local/bin/skill-ls');
  });
});

describe('resolveServerPath', () => {
  const ctx = { home: '/home/u', workspaceFolder: '/ws' };

  it('leaves a bare name for PATH lookup', () => {
    assert.equal(resolveServerPath('skill-ls', ctx), 'skill-ls');
  });

  it('expands ~', () => {
    assert.equal(resolveServerPath('~/go/bin/skill-ls', ctx), path.join('/home/u', 'go/bin/skill-ls'));
    assert.equal(resolveServerPath('~', ctx), '/home/u');
  });

  it('expands ${workspaceFolder}', () => {
    assert.equal(resolveServerPath('${workspaceFolder}/bin/skill-ls', ctx), '/ws/bin/skill-ls');
  });

  it('resolves relative paths against the workspace folder', () => {
    assert.equal(resolveServerPath('bin/skill-ls', ctx), path.join('/ws', 'bin/skill-ls'));
    assert.equal(resolveServerPath('./bin/skill-ls', ctx), path.join('/ws', 'bin/skill-ls'));
  });

  it('keeps relative paths without a workspace folder', () => {
    assert.equal(resolveServerPath('bin/skill-ls', { home: '/h' }), 'bin/skill-ls');
    assert.equal(resolveServerPath('${workspaceFolder}/skill-ls', { home: '/h' }), './skill-ls');
  });

  it('falls back to the default for blank input', () => {
    assert.equal(resolveServerPath('  ', ctx), 'skill-ls');
  });
});

describe('initializationOptions', () => {
  it('sends debounceMs and leaves empty targets/rules to the server', () => {
    assert.deepEqual(initializationOptions(normalizeSettings({})), { debounceMs: 50 });
  });

  it('passes targets, roots, rules and debounceMs with the server contract keys', () => {
    const opts = initializationOptions(
      normalizeSettings({ targets: ['zed'], roots: ['vendor/skills'], rules: { 'name-chars': 'off' }, debounceMs: 0 }),
    );
    assert.deepEqual(opts, { targets: ['zed'], roots: ['vendor/skills'], rules: { 'name-chars': 'off' }, debounceMs: 0 });
  });

  it('is JSON-serializable and does not alias the settings', () => {
    const s = normalizeSettings({ targets: ['zed'] });
    const opts = initializationOptions(s);
    opts.targets?.push('codex');
    assert.deepEqual(s.targets, ['zed']);
    assert.deepEqual(JSON.parse(JSON.stringify(opts)), opts);
  });
});

describe('documents', () => {
  it('selects only SKILL.md files and package manifests on disk', () => {
    assert.deepEqual(DOCUMENT_SELECTOR, [
      { scheme: 'file', language: 'skill', pattern: '**/SKILL.md' },
      { scheme: 'file', language: 'markdown', pattern: '**/SKILL.md' },
      { scheme: 'file', pattern: '**/plugin.json' },
      { scheme: 'file', pattern: '**/marketplace.json' },
      { scheme: 'file', pattern: '**/gemini-extension.json' },
    ]);
  });
});

describe('catalog command', () => {
  it('asks the server with skill-ls.catalog and [{target}]', () => {
    assert.equal(CATALOG_COMMAND, 'skill-ls.catalog');
    assert.deepEqual(catalogRequest('zed'), { command: 'skill-ls.catalog', arguments: [{ target: 'zed' }] });
  });

  it('asks the binary the server runs for its targets', () => {
    const launch = serverCommand(normalizeSettings({ path: '/opt/skill-ls' }));
    assert.deepEqual(targetsCommand(launch), {
      command: '/opt/skill-ls',
      args: ['explain', '--targets', '--format', 'json'],
    });
  });

  it('reads the target ids from explain --targets --format json', () => {
    const out = JSON.stringify({
      targets: [
        { id: 'agentskills', title: 'Agent Skills spec (skills-ref)', projectRoots: ['.agents/skills'] },
        { id: 'cursor', title: 'Cursor', projectRoots: ['.cursor/skills'] },
      ],
    });
    assert.deepEqual(parseTargets(out), ['agentskills', 'cursor']);
  });

  it('reads no targets from an older binary or a broken answer', () => {
    // An older binary: explain takes one rule and prints an error.
    assert.equal(parseTargets(''), undefined);
    assert.equal(parseTargets('skill-ls explain: flag provided but not defined: -targets'), undefined);
    assert.equal(parseTargets('null'), undefined);
    assert.equal(parseTargets('{"targets": {}}'), undefined);
    assert.equal(parseTargets('{"targets": []}'), undefined);
    assert.deepEqual(parseTargets('{"targets": [{"id": 3}, {"id": "zed"}, {}, null]}'), ['zed']);
  });

  it('falls back to the targets the manifest offers for skill-ls.targets', () => {
    // out/test/config.test.js -> package.json
    const manifest = JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', '..', 'package.json'), 'utf8'));
    const targets = manifestTargets(manifest);
    assert.ok(targets.includes('agentskills') && targets.includes('cursor'), targets.join(', '));
    assert.deepEqual(targets, manifest.contributes.configuration.properties['skill-ls.targets'].items.enum);
    assert.deepEqual(manifestTargets(undefined), []);
    assert.deepEqual(manifestTargets({ contributes: {} }), []);
  });

  it('puts the first configured target first in the pick list', () => {
    const known = ['agentskills', 'zed', 'codex', 'cursor'];
    const items = catalogPickItems(normalizeSettings({ targets: ['cursor'] }), known);
    assert.deepEqual(items, ['cursor', 'agentskills', 'zed', 'codex']);
    assert.deepEqual(catalogPickItems(normalizeSettings({}), known), known);
    assert.deepEqual(catalogPickItems(normalizeSettings({ targets: ['nope', 'codex'] }), known), ['codex', 'agentskills', 'zed', 'cursor']);
    assert.deepEqual(catalogPickItems(normalizeSettings({ targets: ['nope'] }), known), known);
  });

  it('shows XML catalogs as xml and list catalogs as markdown', () => {
    assert.equal(catalogLanguage('<available_skills>\n</available_skills>'), 'xml');
    assert.equal(catalogLanguage('\n  <skills>'), 'xml');
    assert.equal(catalogLanguage('## Skills\n- a: b'), 'markdown');
    assert.equal(catalogLanguage(''), 'markdown');
  });

  it('takes the code lens\'s targets', () => {
    assert.deepEqual(commandTargets([{ targets: ['zed', 'codex'] }]), ['zed', 'codex']);
    assert.deepEqual(commandTargets([{ targets: [] }]), []);
    assert.deepEqual(commandTargets([{ targets: 'zed' }]), []);
    assert.equal(commandTargets([]), undefined);
    assert.equal(commandTargets(undefined), undefined);
  });

  it('puts several catalogs in one Markdown document, XML fenced as XML', () => {
    const doc = catalogsDocument([
      { target: 'zed', text: '<available_skills>\n</available_skills>\n' },
      { target: 'codex', text: '## Skills\n- a: uses ``` fences' },
    ]);
    assert.match(doc, /^## zed\n\n```xml\n<available_skills>\n<\/available_skills>\n```\n/);
    assert.match(doc, /## codex\n\n````markdown\n## Skills\n- a: uses ``` fences\n````\n$/);
  });

  it('turns the server result into text', () => {
    assert.equal(catalogText('<available_skills>\n</available_skills>'), '<available_skills>\n</available_skills>');
    assert.equal(catalogText({ text: 'hi' }), 'hi');
    assert.equal(catalogText(null), '');
    assert.equal(catalogText(undefined), '');
    assert.equal(catalogText([1]), '[\n  1\n]');
  });
});

describe('launchFailureMessage', () => {
  it('names the command and how to install it', () => {
    const msg = launchFailureMessage('skill-ls', new Error('spawn skill-ls ENOENT'));
    assert.match(msg, /skill-ls serve/);
    assert.match(msg, /ENOENT/);
    assert.match(msg, /bundled binary/);
    assert.match(msg, /skill-ls\.path/);
  });
});
