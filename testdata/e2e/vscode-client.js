#!/usr/bin/env node
// End-to-end test of the VS Code client's launch contract against the real
// skill-ls binary, without VS Code:
//
//   node testdata/e2e/vscode-client.js <editors/vscode> <workspace> [bundled binary]
//
// With a third argument, the extension is taken to carry that binary (as a
// platform-specific .vsix does) and must launch it.
//
// It imports the compiled extension's config module (editors/vscode/out/
// config.js, built by `npm test` / `npm run compile`) and launches the server
// with exactly the command, args and initializationOptions the extension
// builds from default settings, then speaks LSP to it with
// vscode-languageserver-protocol over the child's stdio: initialize, open the
// workspace's skills, await publishDiagnostics, hover, complete, ask for the
// targets and the catalog the way "skill-ls: Show Catalog" does, shut down
// and exit.
// Exits 0 when every check passed, 1 otherwise.

'use strict';

const path = require('node:path');
const fs = require('node:fs');
const cp = require('node:child_process');
const { createRequire } = require('node:module');
const { pathToFileURL } = require('node:url');

const extDir = path.resolve(process.argv[2] || path.join(__dirname, '..', '..', 'editors', 'vscode'));
const ws = path.resolve(process.argv[3] || process.env.SKILL_LS_WS || '.');
const bundled = process.argv[4] ? path.resolve(process.argv[4]) : undefined;
const timeoutMs = Number(process.env.SKILL_LS_TIMEOUT_MS || 30000);

const extRequire = createRequire(path.join(extDir, 'package.json'));
const config = extRequire('./out/config.js');
const rpc = extRequire('vscode-jsonrpc/node');
const proto = extRequire('vscode-languageserver-protocol/node');

let failures = 0;
let child;
function ok(cond, what, detail) {
  if (cond) {
    console.log(`ok   - ${what}`);
  } else {
    failures++;
    console.log(`FAIL - ${what}${detail !== undefined ? `\n       ${detail}` : ''}`);
  }
  return cond;
}

function withTimeout(promise, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms: ${what}`)), timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
}

function hoverText(contents) {
  if (contents === null || contents === undefined) return '';
  if (typeof contents === 'string') return contents;
  if (Array.isArray(contents)) return contents.map(hoverText).join('\n');
  if (typeof contents.value === 'string') return contents.value;
  return JSON.stringify(contents);
}

async function main() {
  const brokenPath = path.join(ws, '.agents', 'skills', 'my-skill', 'SKILL.md');
  const goodPath = path.join(ws, '.agents', 'skills', 'good-skill', 'SKILL.md');
  const brokenUri = pathToFileURL(brokenPath).href;
  const goodUri = pathToFileURL(goodPath).href;
  const wsUri = pathToFileURL(ws).href;

  // Exactly what the extension does with default settings.
  const settings = config.normalizeSettings({});
  const launch = config.serverCommand(settings, { workspaceFolder: ws, bundled });
  const initOptions = config.initializationOptions(settings);
  ok(launch.command === (bundled || 'skill-ls') && JSON.stringify(launch.args) === '["serve"]',
    `extension launches \`${bundled ? 'the bundled skill-ls' : 'skill-ls'} serve\``, JSON.stringify(launch));

  // "skill-ls: Show Catalog" offers the targets the binary lists; the
  // manifest's skill-ls.targets enum, its fallback, must be the same.
  const listing = config.targetsCommand(launch);
  const listed = config.parseTargets(cp.execFileSync(listing.command, listing.args, { encoding: 'utf8' }));
  const offered = config.manifestTargets(JSON.parse(fs.readFileSync(path.join(extDir, 'package.json'), 'utf8')));
  ok(Array.isArray(listed) && listed.includes('cursor') && JSON.stringify(listed) === JSON.stringify(offered),
    `\`skill-ls ${listing.args.join(' ')}\` lists the targets package.json offers`,
    `binary: ${JSON.stringify(listed)}; package.json: ${JSON.stringify(offered)}`);

  // vscode-languageclient spawns the executable with cwd = workspace folder.
  child = cp.spawn(launch.command, launch.args, { cwd: ws, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d.toString(); });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const spawnError = new Promise((_, reject) => child.on('error', reject));

  const conn = proto.createProtocolConnection(
    new rpc.StreamMessageReader(child.stdout),
    new rpc.StreamMessageWriter(child.stdin),
  );

  const diagnostics = new Map(); // uri -> Diagnostic[]
  const diagWaiters = [];
  conn.onNotification(proto.PublishDiagnosticsNotification.type, (p) => {
    diagnostics.set(p.uri, p.diagnostics);
    for (const w of [...diagWaiters]) w();
  });
  conn.onNotification(proto.LogMessageNotification.type, () => {});
  conn.onNotification(proto.ShowMessageNotification.type, (p) => console.log(`server message: ${p.message}`));
  // What the `skill-ls` configuration section holds in VS Code (defaults).
  const section = {
    path: settings.path,
    targets: settings.targets,
    rules: settings.rules,
    debounceMs: settings.debounceMs,
    trace: { server: 'off' },
  };
  conn.onRequest(proto.ConfigurationRequest.type, (p) =>
    p.items.map((it) => (it.section === config.CONFIG_SECTION || it.section === undefined ? section : null)));
  conn.onRequest(proto.RegistrationRequest.type, () => null);
  conn.onRequest(proto.UnregistrationRequest.type, () => null);
  conn.onRequest(proto.WorkDoneProgressCreateRequest.type, () => null);
  conn.onNotification('$/progress', () => {});
  conn.onRequest(proto.ShowDocumentRequest.type, () => ({ success: true }));
  conn.onRequest(proto.WorkspaceFoldersRequest.type, () => [{ uri: wsUri, name: path.basename(ws) }]);
  conn.listen();

  function waitForDiagnostics(uri, pred) {
    return withTimeout(new Promise((resolve) => {
      const check = () => {
        const d = diagnostics.get(uri);
        if (d !== undefined && pred(d)) {
          const i = diagWaiters.indexOf(check);
          if (i >= 0) diagWaiters.splice(i, 1);
          resolve(d);
          return true;
        }
        return false;
      };
      if (!check()) diagWaiters.push(check);
    }), `diagnostics for ${uri}`);
  }

  // A client capability set like VS Code's, trimmed to what matters here.
  const capabilities = {
    general: { positionEncodings: ['utf-16'] },
    workspace: {
      configuration: true,
      workspaceFolders: true,
      didChangeConfiguration: { dynamicRegistration: true },
      didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: true },
      executeCommand: { dynamicRegistration: true },
      symbol: { dynamicRegistration: true },
    },
    textDocument: {
      synchronization: { dynamicRegistration: true, didSave: true, willSave: true },
      publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true, dataSupport: true, tagSupport: { valueSet: [1, 2] } },
      hover: { dynamicRegistration: true, contentFormat: ['markdown', 'plaintext'] },
      completion: {
        dynamicRegistration: true,
        completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'], insertReplaceSupport: true },
        contextSupport: true,
      },
      codeAction: { dynamicRegistration: true, codeActionLiteralSupport: { codeActionKind: { valueSet: ['', 'quickfix', 'refactor', 'source'] } } },
      definition: { dynamicRegistration: true, linkSupport: true },
      documentSymbol: { dynamicRegistration: true, hierarchicalDocumentSymbolSupport: true },
    },
    window: { workDoneProgress: true, showDocument: { support: true }, showMessage: {} },
  };

  const exitedEarly = exited.then(({ code, signal }) => {
    throw new Error(`server exited before answering initialize (code ${code}, signal ${signal})`);
  });
  exitedEarly.catch(() => {});
  const init = await withTimeout(Promise.race([spawnError, exitedEarly, conn.sendRequest(proto.InitializeRequest.type, {
    processId: process.pid,
    clientInfo: { name: 'skill-ls e2e (vscode-languageclient contract)', version: '0' },
    rootUri: wsUri,
    rootPath: ws,
    workspaceFolders: [{ uri: wsUri, name: path.basename(ws) }],
    initializationOptions: initOptions,
    capabilities,
    trace: 'off',
  })]), 'initialize');
  ok(init && init.capabilities, 'initialize answered with capabilities');
  const caps = init.capabilities || {};
  ok(caps.hoverProvider !== undefined && caps.hoverProvider !== false, 'server offers hover');
  ok(caps.completionProvider !== undefined, 'server offers completion');
  const cmds = (caps.executeCommandProvider && caps.executeCommandProvider.commands) || [];
  ok(cmds.includes(config.CATALOG_COMMAND), `server lists ${config.CATALOG_COMMAND} in executeCommandProvider`, JSON.stringify(cmds));

  await conn.sendNotification(proto.InitializedNotification.type, {});
  // synchronize.configurationSection makes vscode-languageclient send this.
  await conn.sendNotification(proto.DidChangeConfigurationNotification.type, {
    settings: { [config.CONFIG_SECTION]: section },
  });

  const brokenText = fs.readFileSync(brokenPath, 'utf8');
  await conn.sendNotification(proto.DidOpenTextDocumentNotification.type, {
    textDocument: { uri: brokenUri, languageId: 'markdown', version: 1, text: brokenText },
  });
  const want = ['name-chars', 'name-dir-mismatch'];
  // name-chars: agents that read the file refuse it (an error);
  // name-dir-mismatch: only the specification does, and the agents load
  // the file anyway (a warning, unless the project asks for agentskills).
  const severity = {
    'name-chars': proto.DiagnosticSeverity.Error,
    'name-dir-mismatch': proto.DiagnosticSeverity.Warning,
  };
  let diags = [];
  try {
    diags = await waitForDiagnostics(brokenUri, (d) => want.every((c) => d.some((x) => x.code === c)));
  } catch (e) {
    diags = diagnostics.get(brokenUri) || [];
    ok(false, 'diagnostics include name-chars and name-dir-mismatch', String(e));
  }
  console.log('diagnostics seen on my-skill/SKILL.md:');
  for (const d of diagnostics.get(brokenUri) || []) {
    console.log(`  ${d.code} ${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} sev=${d.severity} [${d.source}] ${d.message}`);
  }
  for (const c of want) {
    const d = diags.find((x) => x.code === c);
    if (!ok(d !== undefined, `${c} published`)) continue;
    const r = d.range;
    ok(r.start.line === 1 && r.start.character >= 6 && r.start.character < 16 && r.end.line === 1 && r.end.character <= 16,
      `${c} is on the name value (line 1, columns 6-16)`, JSON.stringify(r));
    ok(d.source === 'skill-ls', `${c} has source skill-ls`, d.source);
    ok(d.severity === severity[c], `${c} is ${severity[c] === proto.DiagnosticSeverity.Error ? 'an error' : 'a warning'}`, String(d.severity));
  }

  const goodText = fs.readFileSync(goodPath, 'utf8');
  await conn.sendNotification(proto.DidOpenTextDocumentNotification.type, {
    textDocument: { uri: goodUri, languageId: 'markdown', version: 1, text: goodText },
  });
  // Each request on its own: one failing does not hide the others.
  async function attempt(what, fn) {
    try {
      await fn();
    } catch (e) {
      ok(false, what, e && e.message ? e.message : String(e));
    }
  }

  await attempt('hover request', async () => {
    const hover = await withTimeout(conn.sendRequest(proto.HoverRequest.type, {
      textDocument: { uri: goodUri }, position: { line: 1, character: 8 },
    }), 'hover');
    const htext = hoverText(hover && hover.contents);
    console.log(`hover on name: ${htext.slice(0, 600).replace(/\n/g, '\n  ')}`);
    ok(htext.includes('catalog entry'), 'hover on name shows catalog entries');
    ok(htext.includes('good-skill'), 'hover on name mentions the skill name');
  });

  await attempt('completion request', async () => {
    const comp = await withTimeout(conn.sendRequest(proto.CompletionRequest.type, {
      textDocument: { uri: goodUri }, position: { line: 3, character: 0 },
      context: { triggerKind: proto.CompletionTriggerKind.Invoked },
    }), 'completion');
    const items = Array.isArray(comp) ? comp : (comp && comp.items) || [];
    const labels = items.map((i) => i.label);
    console.log(`completion labels: ${labels.join(', ')}`);
    ok(labels.includes('license'), 'completion on a blank frontmatter line offers license');
    ok(labels.includes('compatibility'), 'completion on a blank frontmatter line offers compatibility');
  });

  // "skill-ls: Show Catalog" with the zed target.
  await attempt('skill-ls.catalog request', async () => {
    const catalog = await withTimeout(conn.sendRequest(proto.ExecuteCommandRequest.type, config.catalogRequest('zed')), 'executeCommand');
    ok(typeof catalog === 'string', 'skill-ls.catalog returns a string', typeof catalog);
    const ctext = config.catalogText(catalog);
    console.log(`catalog (zed): ${ctext.slice(0, 400).replace(/\n/g, '\n  ')}`);
    ok(ctext.includes('<available_skills>'), 'zed catalog starts an <available_skills> block');
    ok(ctext.includes('<name>good-skill</name>'), 'zed catalog lists good-skill');
  });

  await conn.sendNotification(proto.DidCloseTextDocumentNotification.type, { textDocument: { uri: brokenUri } });
  await conn.sendNotification(proto.DidCloseTextDocumentNotification.type, { textDocument: { uri: goodUri } });
  await withTimeout(conn.sendRequest(proto.ShutdownRequest.type), 'shutdown');
  await conn.sendNotification(proto.ExitNotification.type);
  const { code, signal } = await withTimeout(exited, 'server exit after shutdown+exit');
  ok(code === 0 && signal === null, 'server exits 0 after shutdown and exit', `code=${code} signal=${signal}`);
  conn.dispose();
  if (failures > 0 && stderr.trim() !== '') {
    console.log(`server stderr:\n${stderr.slice(-2000)}`);
  }
}

main()
  .catch((err) => {
    failures++;
    console.log(`FAIL - test raised: ${err && err.stack ? err.stack : err}`);
  })
  .finally(() => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill();
    }
    console.log(`vscode-client: ${failures} failed`);
    process.exit(failures > 0 ? 1 : 0);
  });
