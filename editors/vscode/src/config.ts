// Pure helpers for the skill-ls VS Code client: how the server is launched,
// which initialization options it gets, which documents it sees and how the
// catalog command is asked for. Nothing here imports 'vscode', so the unit
// tests and the end-to-end client (testdata/e2e) use exactly the values the
// extension uses.

import * as os from 'os';
import * as path from 'path';

/** Configuration section shared by the settings, initializationOptions and
 * workspace/didChangeConfiguration. */
export const CONFIG_SECTION = 'skill-ls';

/** Client id: VS Code reads `skill-ls.trace.server` for a client of this id. */
export const CLIENT_ID = 'skill-ls';
export const CLIENT_NAME = 'skill-ls';

/** The server's workspace/executeCommand command that returns catalog text. */
export const CATALOG_COMMAND = 'skill-ls.catalog';

/** The extension's own command ids (contributed in package.json). */
export const SHOW_CATALOG_COMMAND = 'skill-ls.showCatalog';
export const RESTART_COMMAND = 'skill-ls.restart';

/** The package manifests (plugins, marketplaces, extensions) through which
 * agents install skills; the server reads them too. Each is matched at any
 * depth. */
export const MANIFEST_GLOBS: readonly string[] = [
  '**/.claude-plugin/plugin.json',
  '**/.claude-plugin/marketplace.json',
  '**/.codex-plugin/plugin.json',
  '**/.agents/plugins/marketplace.json',
  '**/.cursor-plugin/plugin.json',
  '**/.cursor-plugin/marketplace.json',
  '**/.plugin/plugin.json',
  '**/.github/plugin/plugin.json',
  '**/plugin.json',
  '**/marketplace.json',
  '**/gemini-extension.json',
];

/** The languages VS Code gives a SKILL.md: its own "Skill" language (id
 * `skill`; the language picker shows "Skill (skill) - Configured
 * Language") in VS Code 1.139, Markdown in 1.100, before the Skill
 * language, and in forks without it. */
export const SKILL_LANGUAGES: readonly string[] = ['skill', 'markdown'];

/** Activation events the manifest must declare: a workspace holding a
 * skill or a manifest, or a SKILL.md opened in either language. (Not
 * onLanguage:json: that would start a server for every JSON file opened
 * anywhere; a manifest is found by workspaceContains.) */
export const ACTIVATION_EVENTS: readonly string[] = [
  'workspaceContains:**/SKILL.md',
  ...SKILL_LANGUAGES.map((l) => `onLanguage:${l}`),
  ...MANIFEST_GLOBS.map((g) => `workspaceContains:${g}`),
];

/** The arguments that make the binary list every target it knows, as
 * JSON: "skill-ls: Show Catalog" offers what the running binary knows, not
 * a list written here. */
export const TARGETS_ARGS: readonly string[] = ['explain', '--targets', '--format', 'json'];

/** The default binary path: empty, meaning the binary bundled in the
 * extension, else `skill-ls` on PATH. */
export const DEFAULT_PATH = '';
/** The binary looked up on PATH when there is no bundled one. */
export const PATH_BINARY = 'skill-ls';
export const DEFAULT_DEBOUNCE_MS = 50;

export type Severity = 'error' | 'warning' | 'info' | 'off';

/** The `skill-ls.*` settings as the user wrote them (unvalidated). */
export interface RawSettings {
  path?: unknown;
  targets?: unknown;
  roots?: unknown;
  rules?: unknown;
  debounceMs?: unknown;
}

/** The settings after validation and defaults. */
export interface Settings {
  path: string;
  targets: string[];
  roots: string[];
  rules: Record<string, Severity>;
  debounceMs: number;
}

/** What the server gets as initializationOptions (and as the `skill-ls`
 * section of workspace/didChangeConfiguration). Keys follow the server's
 * contract: targets, roots, rules, debounceMs (home is left to the server's
 * default). */
export interface InitializationOptions {
  targets?: string[];
  roots?: string[];
  rules?: Record<string, Severity>;
  debounceMs: number;
}

export interface ServerCommand {
  command: string;
  args: string[];
}

/** File-system watcher glob for skills (also registered by the server when
 * the client supports dynamic registration), and the selector's pattern. */
export const SKILL_GLOB = '**/SKILL.md';

/** A document filter equal in shape to vscode's DocumentFilter. */
export interface SkillDocumentFilter {
  scheme: string;
  language?: string;
  pattern: string;
}

/** Only SKILL.md files and package manifests on disk are sent to the
 * server. The server is harmless on other Markdown and JSON, but there is
 * no reason to send it. A SKILL.md is matched in each language VS Code may
 * give it (a selector for markdown alone saw nothing in VS Code 1.139,
 * whose SKILL.md is `skill`); manifests by name alone: VS Code calls them
 * json or jsonc. */
export const DOCUMENT_SELECTOR: readonly SkillDocumentFilter[] = [
  ...SKILL_LANGUAGES.map((language) => ({ scheme: 'file', language, pattern: SKILL_GLOB })),
  ...['**/plugin.json', '**/marketplace.json', '**/gemini-extension.json'].map((pattern) => ({ scheme: 'file', pattern })),
];

const SEVERITIES = new Set<string>(['error', 'warning', 'info', 'off']);

/** Validate raw settings and apply defaults. Unknown or mistyped values fall
 * back to the default rather than failing the whole extension. */
export function normalizeSettings(raw: RawSettings): Settings {
  const p = typeof raw.path === 'string' ? raw.path.trim() : DEFAULT_PATH;

  const targets = stringList(raw.targets);
  const roots = stringList(raw.roots);

  const rules: Record<string, Severity> = {};
  if (raw.rules !== null && typeof raw.rules === 'object' && !Array.isArray(raw.rules)) {
    for (const [id, sev] of Object.entries(raw.rules as Record<string, unknown>)) {
      if (typeof sev === 'string' && SEVERITIES.has(sev)) {
        rules[id] = sev as Severity;
      }
    }
  }

  let debounceMs = DEFAULT_DEBOUNCE_MS;
  if (typeof raw.debounceMs === 'number' && Number.isFinite(raw.debounceMs) && raw.debounceMs >= 0) {
    debounceMs = Math.floor(raw.debounceMs);
  }

  return { path: p, targets, roots, rules, debounceMs };
}

/** The distinct non-blank strings of a list, trimmed; [] for anything else. */
function stringList(raw: unknown): string[] {
  const out: string[] = [];
  if (Array.isArray(raw)) {
    for (const t of raw) {
      if (typeof t === 'string' && t.trim() !== '' && !out.includes(t.trim())) {
        out.push(t.trim());
      }
    }
  }
  return out;
}

export interface PathContext {
  /** The first workspace folder's file-system path, if any. */
  workspaceFolder?: string;
  /** The user's home directory (defaults to os.homedir()). */
  home?: string;
  /** The binary bundled in the extension, when there is one. */
  bundled?: string;
}

/** Where a platform-specific .vsix carries the server binary. */
export function bundledBinary(extensionPath: string, platform: string = process.platform): string {
  return path.join(extensionPath, 'bin', platform === 'win32' ? 'skill-ls.exe' : 'skill-ls');
}

/** Expand `~` and `${workspaceFolder}` in the configured binary path. A bare
 * name (no path separator) is left alone so it is looked up on PATH. A
 * relative path with a separator is taken relative to the workspace folder. */
export function resolveServerPath(configured: string, ctx: PathContext = {}): string {
  let p = configured.trim();
  if (p === '') {
    return ctx.bundled ?? PATH_BINARY;
  }
  const home = ctx.home ?? os.homedir();
  if (p === '~') {
    p = home;
  } else if (p.startsWith('~/') || p.startsWith('~\\')) {
    p = path.join(home, p.slice(2));
  }
  if (p.includes('${workspaceFolder}')) {
    if (ctx.workspaceFolder === undefined) {
      return p.split('${workspaceFolder}').join('.');
    }
    p = p.split('${workspaceFolder}').join(ctx.workspaceFolder);
  }
  const hasSeparator = p.includes('/') || p.includes('\\');
  if (hasSeparator && !path.isAbsolute(p) && ctx.workspaceFolder !== undefined) {
    p = path.join(ctx.workspaceFolder, p);
  }
  return p;
}

/** The server process: `<path> serve`, talking LSP over stdio; the
 * bundled binary unless the user set a path. (No
 * transport is given to vscode-languageclient on purpose: with
 * TransportKind.stdio it would append `--stdio` to these args.) */
export function serverCommand(settings: Settings, ctx: PathContext = {}): ServerCommand {
  return { command: resolveServerPath(settings.path, ctx), args: ['serve'] };
}

/** initializationOptions for the server. Empty targets and rules are left
 * out so the server applies its own defaults. */
export function initializationOptions(settings: Settings): InitializationOptions {
  const opts: InitializationOptions = { debounceMs: settings.debounceMs };
  if (settings.targets.length > 0) {
    opts.targets = [...settings.targets];
  }
  if (settings.roots.length > 0) {
    opts.roots = [...settings.roots];
  }
  if (Object.keys(settings.rules).length > 0) {
    opts.rules = { ...settings.rules };
  }
  return opts;
}

export interface ExecuteCommandParams {
  command: string;
  arguments: unknown[];
}

/** The workspace/executeCommand params that ask the server for a target's
 * catalog text. */
export function catalogRequest(target: string): ExecuteCommandParams {
  return { command: CATALOG_COMMAND, arguments: [{ target }] };
}

/** The language of the document showing a catalog: an XML catalog is
 * shown as XML, the others (lists, Markdown) as Markdown. */
export function catalogLanguage(text: string): string {
  return /^\s*</.test(text) ? 'xml' : 'markdown';
}

/** One Markdown document with the catalogs of several agents (the code
 * lens's "loaded by ..." command), each under its name, XML fenced as XML. */
export function catalogsDocument(catalogs: { target: string; text: string }[]): string {
  return catalogs
    .map(({ target, text }) => {
      const fence = '`'.repeat(Math.max(3, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length + 1)));
      return `## ${target}\n\n${fence}${catalogLanguage(text)}\n${text.replace(/\n$/, '')}\n${fence}\n`;
    })
    .join('\n');
}

/** The targets a "show catalog" command names: its argument's targets
 * (the code lens passes [{targets: [...]}], [] for a file no agent loads),
 * or undefined when it names none (the command palette). */
export function commandTargets(args: unknown): string[] | undefined {
  const first = Array.isArray(args) ? args[0] : args;
  if (first !== null && typeof first === 'object' && 'targets' in first) {
    return stringList((first as { targets?: unknown }).targets);
  }
  return undefined;
}

/** Turn the server's answer to skill-ls.catalog into text. The contract is
 * a string; an object with a `text` field is accepted too. */
export function catalogText(result: unknown): string {
  if (typeof result === 'string') {
    return result;
  }
  if (result !== null && typeof result === 'object' && typeof (result as { text?: unknown }).text === 'string') {
    return (result as { text: string }).text;
  }
  if (result === null || result === undefined) {
    return '';
  }
  return JSON.stringify(result, null, 2);
}

/** The command that lists the targets of the binary the server runs. */
export function targetsCommand(launch: ServerCommand): ServerCommand {
  return { command: launch.command, args: [...TARGETS_ARGS] };
}

/** The target ids in the output of TARGETS_ARGS ({"targets": [{"id"}]}),
 * or undefined when it is not that (a binary too old to list them). */
export function parseTargets(stdout: string): string[] | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(stdout);
  } catch {
    return undefined;
  }
  const list = doc !== null && typeof doc === 'object' ? (doc as { targets?: unknown }).targets : undefined;
  if (!Array.isArray(list)) {
    return undefined;
  }
  const ids = stringList(list.map((t: unknown) => (t !== null && typeof t === 'object' ? (t as { id?: unknown }).id : undefined)));
  return ids.length > 0 ? ids : undefined;
}

/** The targets the extension's manifest offers for `skill-ls.targets`:
 * what Show Catalog offers when the binary cannot list its own. */
export function manifestTargets(packageJSON: unknown): string[] {
  const props = (packageJSON as { contributes?: { configuration?: { properties?: Record<string, unknown> } } } | undefined)
    ?.contributes?.configuration?.properties;
  const setting = props?.[`${CONFIG_SECTION}.targets`] as { items?: { enum?: unknown } } | undefined;
  return stringList(setting?.items?.enum);
}

/** Quick pick items for the catalog command: the known targets, the first
 * configured one first. */
export function catalogPickItems(settings: Settings, known: readonly string[]): string[] {
  const preferred = settings.targets.find((t) => known.includes(t));
  if (preferred === undefined) {
    return [...known];
  }
  return [preferred, ...known.filter((t) => t !== preferred)];
}

/** A friendly message for a server that failed to start. */
export function launchFailureMessage(command: string, err: unknown): string {
  const detail = err instanceof Error ? err.message : String(err);
  return (
    `skill-ls: could not start "${command} serve" (${detail}). ` +
    'This extension has no bundled binary for this platform: install skill-ls on PATH ' +
    'or set "skill-ls.path" to its location.'
  );
}
