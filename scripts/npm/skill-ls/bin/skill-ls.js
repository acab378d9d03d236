#!/usr/bin/env node
// The skill-ls command of the npm package: runs the native binary that
// npm installed with it. Each platform's binary is its own package
// (@skill-ls/cli-<platform>-<arch>), an optional dependency whose os and
// cpu fields let npm install only the one for this machine.
'use strict';

const { spawn } = require('child_process');

const platform = `${process.platform}-${process.arch}`;
const pkg = `@skill-ls/cli-${platform}`;
const exe = process.platform === 'win32' ? 'skill-ls.exe' : 'skill-ls';

// binaryPath finds the binary: SKILL_LS_BINARY when set (a binary of your
// own), else the one in this platform's package.
function binaryPath() {
  if (process.env.SKILL_LS_BINARY) {
    return process.env.SKILL_LS_BINARY;
  }
  try {
    return require.resolve(`${pkg}/bin/${exe}`);
  } catch {
    process.stderr.write(
      `skill-ls: no binary for this platform (${platform}): the package ${pkg} is not installed.\n` +
        `  Platforms with a binary: linux-x64, linux-arm64, darwin-x64, darwin-arm64, win32-x64.\n` +
        `  npm installs it as an optional dependency: reinstall without --omit=optional (or --no-optional),\n` +
        `  or set SKILL_LS_BINARY to a skill-ls binary (release archives, or go install).\n`,
    );
    process.exit(1);
  }
}

const child = spawn(binaryPath(), process.argv.slice(2), { stdio: 'inherit', windowsHide: true });

// Signals sent to this process (an editor stopping the language server,
// Ctrl-C) go on to the binary; this process ends when the binary does.
const forwarded = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGBREAK'];
for (const sig of forwarded) {
  try {
    process.on(sig, () => child.kill(sig));
  } catch {
    // not a signal on this platform
  }
}

child.on('error', (err) => {
  process.stderr.write(`skill-ls: cannot run ${err.path || 'the binary'}: ${err.message}\n`);
  process.exit(1);
});

// The binary's exit code is this command's; a binary killed by a signal
// kills this process with the same signal, as a shell would report it.
child.on('exit', (code, signal) => {
  if (signal) {
    for (const sig of forwarded) {
      process.removeAllListeners(sig);
    }
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code === null ? 1 : code);
});
