// End-to-end test of the VS Code extension in a real VS Code: code-server
// with the packaged .vsix installed, driven in headless Chromium by
// playwright-core, as a user works. Run by scripts/vscode-e2e.sh, which
// sets:
//   CODE_SERVER_URL   the workbench, opened on the project
//   SKILL_LS_WS       the project (made by --make-workspace below)
//   SHOTS             where the screenshots go
//   PLAYWRIGHT_CORE   the playwright-core package folder
//   CHROMIUM          the browser
// `node code-server-test.js --make-workspace DIR` writes the project.
// Prints one line per check; exits 1 when one failed.

'use strict';

const fs = require('fs');
const path = require('path');

const SKILL = '.agents/skills/my-skill/SKILL.md';
const MANIFEST = '.claude-plugin/plugin.json';
// The name My_Skill in the folder my-skill: skill-ls says which agents
// refuse it (name-chars) and which load it anyway (name-dir-mismatch).
const SKILL_TEXT = `---
name: My_Skill
description: Formats widget reports. Use when the user asks for a widget report.
---

# My skill

Run the formatter on the report.
`;

function makeWorkspace(ws) {
  const files = {
    [SKILL]: SKILL_TEXT,
    '.agents/skills/gadget-logs/SKILL.md': `---
name: gadget-logs
description: Summarizes gadget logs. Use when the user asks about gadget logs.
---

# Gadget logs

Read the log and summarize it.
`,
    // A plugin whose skills folder is missing: a finding in the manifest.
    [MANIFEST]: `{
  "name": "widget-tools",
  "version": "1.0.0",
  "skills": "./no-such-folder"
}
`,
    'README.md': '# A project\n\nNot a skill.\n',
  };
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
    fs.writeFileSync(path.join(ws, rel), text);
  }
  fs.mkdirSync(path.join(ws, '.git'), { recursive: true });
  fs.writeFileSync(path.join(ws, '.git', 'HEAD'), 'ref: refs/heads/main\n');
}

if (process.argv[2] === '--make-workspace') {
  makeWorkspace(process.argv[3]);
  process.exit(0);
}

const { chromium } = require(process.env.PLAYWRIGHT_CORE);
const ws = process.env.SKILL_LS_WS;
const shots = process.env.SHOTS;
// A busy machine (2 cores, shared) makes VS Code slow to answer: a generous
// bound, as the other editors' tests have.
const TIMEOUT = Math.max(60000, Number(process.env.SKILL_LS_TIMEOUT_MS || 0));

let failures = 0;
let page;
const t0 = Date.now();
const secs = () => ((Date.now() - t0) / 1000).toFixed(1);

async function shot(name) {
  if (page) {
    await page.screenshot({ path: path.join(shots, `${name}.png`) }).catch(() => {});
  }
}

// check WHAT FN: one check; a failure is reported with a screenshot and
// the run goes on.
async function check(what, fn) {
  try {
    await fn();
    console.log(`ok   - ${what} (${secs()}s)`);
    return true;
  } catch (e) {
    failures++;
    console.log(`FAIL - ${what}\n       ${String(e && e.message).split('\n').join('\n       ')}`);
    await shot(`fail-${what.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}`);
    return false;
  }
}

// until FN WHAT: polls FN until it returns a truthy value; throws with
// WHAT and the last value seen.
async function until(fn, what, timeout = TIMEOUT) {
  const end = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      last = await fn();
      if (last) {
        return last;
      }
    } catch (e) {
      last = e.message;
    }
    if (Date.now() > end) {
      throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`.slice(0, 1500));
    }
    await page.waitForTimeout(200);
  }
}

const texts = (sel) => page.locator(sel).allInnerTexts();

// The Problems panel's rows, as text.
async function problems() {
  return (await texts('.markers-panel .monaco-list-row')).map((t) => t.replace(/\s+/g, ' '));
}

// command TITLE: runs the command whose title is TITLE from the command
// palette (the row labelled exactly so: "File: Save" also finds "File:
// Compare Active File with Saved").
async function command(title) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`>${title}`);
  await clickRow((t) => t.split('\n')[0].trim() === title, `command ${title}`);
}

// clickRow MATCH WHAT: clicks the first quick-input row whose text MATCH
// takes, again if the list changed under the click.
async function clickRow(match, what, timeout = TIMEOUT) {
  const rows = page.locator('.quick-input-list .monaco-list-row');
  await until(async () => {
    const k = (await rows.allInnerTexts()).findIndex(match);
    return k >= 0 && rows.nth(k).click({ timeout: 3000 }).then(() => true, () => false);
  }, what, timeout);
}

async function quickOpen(rel) {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible' });
  await input.fill(rel);
  // The row of that file (not a recently opened one ranked first).
  const folder = path.basename(path.dirname(rel));
  // The first search of the workspace's files is slow on a busy machine.
  await clickRow((t) => t.includes(path.basename(rel)) && t.includes(folder), `quick open ${rel}`, 3 * TIMEOUT);
  await until(async () => (await page.locator('.editor-group-container.active .breadcrumbs-control').first().innerText()).includes(folder), `${rel} open`);
}

async function gotoLine(line, col) {
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`:${line}:${col}`);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(150);
}

// The active editor's text, as VS Code shows it.
async function editorText() {
  // VS Code draws spaces as no-break spaces.
  return (await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().innerText()).replace(/\u00a0/g, ' ');
}

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  try {
    await run();
  } finally {
    await browser.close();
  }
}

async function run() {
  // The first load compiles and starts a whole workbench: on a busy
  // machine it takes longer than any later wait.
  await page.goto(process.env.CODE_SERVER_URL, { waitUntil: 'domcontentloaded', timeout: 4 * TIMEOUT });
  await page.locator('.monaco-workbench').waitFor({ timeout: 4 * TIMEOUT });
  await until(async () => (await texts('.explorer-folders-view .monaco-list-row')).length > 0, 'the explorer', 4 * TIMEOUT);

  await check('open a SKILL.md: it shows in the editor', async () => {
    await quickOpen(SKILL);
    await until(async () => (await editorText()).includes('name: My_Skill'), 'the text');
  });

  const language = await page.locator('.statusbar-item[id="status.editor.mode"]').innerText().catch(() => '?');
  console.log(`     (VS Code's language mode for SKILL.md: ${language.trim()})`);

  await page.keyboard.press('Control+Shift+M');
  await check("diagnostics: skill-ls's findings in Problems", async () => {
    await until(async () => {
      const p = await problems();
      return p.some((t) => t.includes('name-chars') && t.includes('skill-ls')) && p.some((t) => t.includes('name-dir-mismatch'));
    }, 'name-chars and name-dir-mismatch');
  });
  console.log(`     (Problems: ${JSON.stringify(await problems())})`);

  await check('hover over the name: the catalog entries', async () => {
    await gotoLine(2, 8);
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    await until(async () => (await texts('.monaco-hover')).join('\n').includes('catalog entry'), "skill-ls's hover: the catalog entries");
    await shot('diagnostics-hover');
    await page.keyboard.press('Escape');
  });

  await check('diagnostics follow typing, without a save', async () => {
    await gotoLine(2, 7);
    await page.keyboard.press('Shift+End');
    await page.keyboard.type('my-skill');
    await until(async () => !(await problems()).some((t) => t.includes('name-chars')), 'name-chars gone');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.type('name: Widget_Reports');
    await until(async () => (await problems()).some((t) => t.includes('name-chars') && t.includes('Widget_Reports')), 'name-chars back for Widget_Reports');
    if (fs.readFileSync(path.join(ws, SKILL), 'utf8') !== SKILL_TEXT) {
      throw new Error('the file was saved: auto-save must be off for this check');
    }
  });

  await check('quick fix: Set name to my-skill', async () => {
    await gotoLine(2, 8);
    // Ctrl+. on a finding whose fixes are not in yet shows nothing: ask
    // again until the fix is offered.
    const row = page.locator('.action-widget .monaco-list-row', { hasText: 'Set name to my-skill' }).first();
    await until(async () => {
      await page.keyboard.press('Control+.');
      if (await row.waitFor({ state: 'visible', timeout: 3000 }).then(() => true, () => false)) {
        return true;
      }
      await page.keyboard.press('Escape');
      return false;
    }, 'the quick fix offered');
    // VS Code 1.82's widget can keep the pointer from its rows: the fix is
    // the preferred one, selected, so Enter applies it there.
    if (!(await row.click({ timeout: 5000 }).then(() => true, () => false))) {
      await page.keyboard.press('Enter');
    }
    await until(async () => (await editorText()).includes('name: my-skill'), 'name: my-skill in the editor');
    await until(async () => !(await problems()).some((t) => t.includes(SKILL.split('/')[2]) && t.includes('name-')), 'no name finding');
  });

  await command('File: Save');

  await check('code lens: loaded by ..., and its catalogs', async () => {
    const lens = page.locator('.codelens-decoration a', { hasText: 'loaded by' }).first();
    await lens.waitFor({ state: 'visible' });
    console.log(`     (code lens: ${(await texts('.codelens-decoration')).join(' | ')})`);
    await lens.click();
    // One section per agent that loads it, headed by its id (only the
    // lines in view are drawn: the first section's head is enough).
    await until(async () => /^## (agentskills|codex)\b/.test(await editorText()), 'the catalogs document');
  });

  await check('Show Catalog: the catalog an agent would show, for one picked', async () => {
    await command('skill-ls: Show Catalog');
    const input = page.locator('.quick-input-widget input.input');
    await until(async () => (await texts('.quick-input-list .monaco-list-row')).some((t) => t.includes('zed')), 'the targets');
    await input.fill('zed');
    await page.keyboard.press('Enter');
    await until(async () => (await editorText()).includes('<available_skills>') && (await editorText()).includes('gadget-logs'), "zed's catalog");
    await shot('catalog');
  });

  await check('rename the skill: the name and its folder move together', async () => {
    await quickOpen(SKILL);
    await gotoLine(2, 8);
    await page.keyboard.press('F2');
    const input = page.locator('.rename-box input, .rename-box textarea').first();
    await input.waitFor({ state: 'visible' });
    await input.fill('widget-reports');
    await page.keyboard.press('Enter');
    const moved = path.join(ws, '.agents/skills/widget-reports/SKILL.md');
    await until(() => fs.existsSync(moved) && !fs.existsSync(path.join(ws, SKILL)), 'the folder moved on disk');
    await until(async () => (await editorText()).includes('name: widget-reports'), 'the name renamed');
    await command('File: Save');
    await until(() => fs.readFileSync(moved, 'utf8').includes('name: widget-reports'), 'the renamed file saved');
  });

  await check('a setting changed in the Settings editor reaches the server', async () => {
    // skill-ls.rules: name-dir-mismatch off. First a mismatch to see go.
    await gotoLine(2, 7);
    await page.keyboard.press('Shift+End');
    await page.keyboard.type('widget-report');
    await until(async () => (await problems()).some((t) => t.includes('name-dir-mismatch')), 'name-dir-mismatch');
    await setRuleInSettingsUI('name-dir-mismatch', 'off');
    await until(async () => !(await problems()).some((t) => t.includes('name-dir-mismatch')), 'name-dir-mismatch gone');
    await quickOpen('widget-reports/SKILL.md');
  });

  await check('Restart Server: the server comes back and checks what is typed', async () => {
    await command('skill-ls: Restart Server');
    await page.waitForTimeout(500);
    await gotoLine(2, 7);
    await page.keyboard.press('Shift+End');
    await page.keyboard.type('Widget_Reports');
    await until(async () => (await problems()).some((t) => t.includes('name-chars') && t.includes('Widget_Reports')), 'name-chars after the restart');
    await command('File: Revert File');
  });

  await check('a plugin manifest: its findings follow typing', async () => {
    await quickOpen(MANIFEST);
    await until(async () => (await problems()).some((t) => t.includes('manifest-path') && t.includes('no-such-folder')), 'manifest-path');
    await gotoLine(4, 16);
    await page.keyboard.type('still-');
    await until(async () => (await problems()).some((t) => t.includes('manifest-path') && t.includes('still-no-such-folder')), 'manifest-path for what was typed');
    await command('File: Revert File');
  });

  if (process.env.SKILL_LANGUAGE !== '1') {
    console.log("     (this VS Code has no Skill language: SKILL.md is Markdown)");
    return;
  }
  await check("VS Code's Skill language chosen again: skill-ls follows typing there too, beside VS Code's own checks", async () => {
    await quickOpen('widget-reports/SKILL.md');
    await command('Change Language Mode');
    const input = page.locator('.quick-input-widget input.input');
    await until(async () => (await texts('.quick-input-list .monaco-list-row')).length > 3, 'the languages');
    await input.fill('skill');
    await clickRow((t) => t.includes('(skill)'), 'the Skill language');
    await until(async () => (await page.locator('.statusbar-item[id="status.editor.mode"]').innerText()).includes('Skill'), 'the Skill mode');
    await gotoLine(2, 7);
    await page.keyboard.press('Shift+End');
    await page.keyboard.type('Gadget_Reports');
    await until(async () => {
      const p = await problems();
      return p.some((t) => t.includes('name-chars') && t.includes('Gadget_Reports')) && p.some((t) => t.includes('Skill name may only contain'));
    }, "skill-ls's name-chars and VS Code's own check");
    console.log(`     (Problems in the Skill language: ${JSON.stringify(await problems())})`);
    await shot('skill-language');
    await command('File: Revert File');
  });
}

// setRuleInSettingsUI RULE SEVERITY: skill-ls.rules as a user sets it in
// the Settings editor: search, Add Item, the rule id, its severity, OK.
async function setRuleInSettingsUI(rule, severity) {
  await page.keyboard.press('Control+,');
  await page.locator('.settings-editor').waitFor({ state: 'visible' });
  await page.waitForTimeout(1000);
  await page.keyboard.type('skill-ls.rules');
  const item = page.locator('.settings-editor .setting-item-contents[data-key="skill-ls.rules"]').first();
  await item.waitFor({ state: 'visible' });
  await item.locator('.setting-list-addButton').click();
  await item.locator('input[placeholder="Key"]').fill(rule);
  // The value: a drop-down of the manifest's severities, or a text box
  // where VS Code does not offer one.
  const select = item.locator('.setting-list-object-value-container select');
  if (await select.count()) {
    await select.click();
    const option = page.locator('.monaco-select-box-dropdown-container .monaco-list-row', { hasText: severity }).first();
    if (await option.isVisible().catch(() => false)) {
      await option.click();
    } else {
      await select.selectOption(severity);
    }
  } else {
    await item.locator('input[placeholder="Value"]').fill(severity);
  }
  await item.locator('.setting-list-ok-button').click();
  await until(async () => (await item.innerText()).includes(rule), 'the rule listed');
  await shot('settings-rules');
  // Today's Settings editor is a modal: Escape closes it; older ones are an
  // editor tab.
  await page.keyboard.press('Escape');
  await page.waitForTimeout(300);
  if (await page.locator('.settings-editor').isVisible().catch(() => false)) {
    await command('View: Close Editor');
  }
}

main()
  .catch((e) => {
    failures++;
    console.log(`FAIL - the run: ${e && e.stack}`);
  })
  .finally(() => {
    console.log(`code-server ${process.env.CODE_SERVER_VERSION}: ${failures} failed (${secs()}s)`);
    process.exit(failures ? 1 : 0);
  });
