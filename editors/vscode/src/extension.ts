// The skill-ls VS Code extension: a thin client that starts `skill-ls serve`
// (the binary bundled in a platform-specific .vsix, unless the user set a
// path) and hands it SKILL.md files and package manifests. All decisions
// about arguments and options live in ./config so they can be tested
// without VS Code.

import { execFile } from 'child_process';
import * as fs from 'fs';
import * as vscode from 'vscode';
import {
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
} from 'vscode-languageclient/node';

import {
  CLIENT_ID,
  CLIENT_NAME,
  CONFIG_SECTION,
  DOCUMENT_SELECTOR,
  RESTART_COMMAND,
  SHOW_CATALOG_COMMAND,
  SKILL_GLOB,
  Settings,
  bundledBinary,
  catalogLanguage,
  catalogPickItems,
  catalogRequest,
  catalogText,
  catalogsDocument,
  commandTargets,
  initializationOptions,
  launchFailureMessage,
  manifestTargets,
  normalizeSettings,
  parseTargets,
  serverCommand,
  targetsCommand,
} from './config';

let client: LanguageClient | undefined;
let watcher: vscode.FileSystemWatcher | undefined;
let bundled: string | undefined;
let manifestTargetList: string[] = [];

function readSettings(): Settings {
  const cfg = vscode.workspace.getConfiguration(CONFIG_SECTION);
  return normalizeSettings({
    path: cfg.get('path'),
    targets: cfg.get('targets'),
    roots: cfg.get('roots'),
    rules: cfg.get('rules'),
    debounceMs: cfg.get('debounceMs'),
  });
}

function workspaceFolderPath(): string | undefined {
  const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file');
  return folder?.uri.fsPath;
}

function launchCommand() {
  return serverCommand(readSettings(), { workspaceFolder: workspaceFolderPath(), bundled });
}

function createClient(skillWatcher: vscode.FileSystemWatcher): LanguageClient {
  const settings = readSettings();
  const launch = launchCommand();

  // No `transport`: the server speaks LSP on stdio by default, and
  // TransportKind.stdio would make the client append `--stdio`.
  const serverOptions: ServerOptions = {
    run: { command: launch.command, args: launch.args },
    debug: { command: launch.command, args: launch.args },
  };

  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_SELECTOR.map((f) => ({ ...f })),
    initializationOptions: initializationOptions(settings),
    synchronize: {
      // Sends workspace/didChangeConfiguration with the `skill-ls` section.
      configurationSection: CONFIG_SECTION,
      fileEvents: skillWatcher,
    },
  };

  return new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions);
}

async function startClient(context: vscode.ExtensionContext): Promise<void> {
  if (watcher === undefined) {
    watcher = vscode.workspace.createFileSystemWatcher(SKILL_GLOB);
    context.subscriptions.push(watcher);
  }
  const c = createClient(watcher);
  client = c;
  try {
    await c.start();
  } catch (err) {
    void vscode.window.showErrorMessage(launchFailureMessage(launchCommand().command, err));
  }
}

async function stopClient(): Promise<void> {
  const c = client;
  client = undefined;
  if (c !== undefined) {
    try {
      await c.stop();
    } catch {
      // The server may already be gone; nothing else to do.
    }
  }
}

/** Every target the server's binary knows (`skill-ls explain --targets`),
 * or, from a binary too old to say, those of the manifest's setting. */
function knownTargets(): Promise<string[]> {
  const cmd = targetsCommand(launchCommand());
  return new Promise((resolve) => {
    execFile(cmd.command, cmd.args, { timeout: 10000 }, (err, stdout) => {
      resolve((err === null ? parseTargets(stdout) : undefined) ?? manifestTargetList);
    });
  });
}

async function catalogOf(c: LanguageClient, target: string): Promise<string> {
  const result: unknown = await c.sendRequest(ExecuteCommandRequest.type, catalogRequest(target));
  return catalogText(result);
}

/** "skill-ls: Show Catalog": the catalog of one agent, picked from every
 * target the binary knows, opened as XML or Markdown as it renders. Run by the code lens
 * with [{targets}], the catalogs of those agents in one document. */
async function showCatalog(...args: unknown[]): Promise<void> {
  const c = client;
  if (c === undefined || !c.isRunning()) {
    void vscode.window.showErrorMessage('skill-ls: the language server is not running.');
    return;
  }
  let targets = commandTargets(args);
  const fromLens = targets !== undefined;
  if (targets !== undefined && targets.length === 0) {
    void vscode.window.showInformationMessage('skill-ls: no agent loads this file, so it is in no catalog.');
    return;
  }
  if (targets === undefined) {
    const items = knownTargets().then((known) => catalogPickItems(readSettings(), known));
    const target = await vscode.window.showQuickPick(items, {
      title: 'skill-ls: show the catalog as this agent renders it',
      placeHolder: 'Target agent',
    });
    if (target === undefined) {
      return;
    }
    targets = [target];
  }
  const names: string[] = targets;
  try {
    const catalogs = await Promise.all(names.map(async (target) => ({ target, text: await catalogOf(c, target) })));
    const content = fromLens ? catalogsDocument(catalogs) : catalogs[0].text;
    const doc = await vscode.workspace.openTextDocument({
      content,
      language: fromLens ? 'markdown' : catalogLanguage(content),
    });
    await vscode.window.showTextDocument(doc, { preview: false });
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    void vscode.window.showErrorMessage(`skill-ls: catalog for ${names.join(', ')} failed: ${detail}`);
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const b = bundledBinary(context.extensionPath);
  bundled = fs.existsSync(b) ? b : undefined;
  manifestTargetList = manifestTargets(context.extension.packageJSON);
  context.subscriptions.push(
    vscode.commands.registerCommand(SHOW_CATALOG_COMMAND, showCatalog),
    vscode.commands.registerCommand(RESTART_COMMAND, async () => {
      await stopClient();
      await startClient(context);
    }),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      // The binary path is only read at launch; restart when it changes.
      // Other settings reach the running server through didChangeConfiguration.
      if (e.affectsConfiguration(`${CONFIG_SECTION}.path`)) {
        await stopClient();
        await startClient(context);
      }
    }),
  );
  await startClient(context);
}

export async function deactivate(): Promise<void> {
  await stopClient();
}
