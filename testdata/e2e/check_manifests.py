#!/usr/bin/env python3
"""Static checks of the editor integrations that cannot run here.

    python3 testdata/e2e/check_manifests.py <repo>

Zed: the crates registry is not reachable on this machine, so the extension
is not compiled; this parses extension.toml and Cargo.toml and checks that
the names match the server (`skill-ls`, `serve`) and that src/lib.rs uses the
settings the README documents. Helix: languages.toml parses and runs
`skill-ls serve` for Markdown. Exits 1 on any failure.
"""

import re
import sys
import tomllib
from pathlib import Path

repo = Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
failures = 0


def ok(cond, what, detail=None):
    global failures
    if cond:
        print(f"ok   - {what}")
    else:
        failures += 1
        print(f"FAIL - {what}" + (f"\n       {detail}" if detail is not None else ""))
    return cond


def load(path):
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except Exception as e:  # noqa: BLE001 - report any parse failure
        ok(False, f"{path.relative_to(repo)} parses as TOML", repr(e))
        return {}


zed = repo / "editors" / "zed"
ext = load(zed / "extension.toml")
ok(ext.get("id") == "skill-ls", "zed: extension id is skill-ls", ext.get("id"))
ok(ext.get("schema_version") == 1, "zed: schema_version is 1", ext.get("schema_version"))
for key in ("name", "version", "description", "authors", "repository"):
    ok(key in ext, f"zed: extension.toml has {key}")
servers = ext.get("language_servers", {})
ok(list(servers) == ["skill-ls"], "zed: one language server, skill-ls", list(servers))
srv = servers.get("skill-ls", {})
ok(srv.get("name") == "skill-ls", "zed: language server name is skill-ls", srv.get("name"))
ok(srv.get("languages") == ["Markdown", "JSON"], 'zed: attached to "Markdown" and "JSON" (SKILL.md and manifests)',
   srv.get("languages"))

cargo = load(zed / "Cargo.toml")
lib = cargo.get("lib", {})
ok(lib.get("crate-type") == ["cdylib"], "zed: crate-type is cdylib", lib.get("crate-type"))
ok(lib.get("path", "src/lib.rs") == "src/lib.rs", "zed: lib path is src/lib.rs", lib.get("path"))
dep = cargo.get("dependencies", {}).get("zed_extension_api")
ok(isinstance(dep, str) and re.fullmatch(r"\d+\.\d+\.\d+", dep) is not None,
   "zed: depends on a pinned zed_extension_api", dep)
ok(cargo.get("package", {}).get("version") == ext.get("version"),
   "zed: Cargo.toml and extension.toml versions agree",
   (cargo.get("package", {}).get("version"), ext.get("version")))
ok((zed / "LICENSE").is_file(), "zed: LICENSE present (Zed requires one)")

src = (zed / "src" / "lib.rs").read_text(encoding="utf-8")
ok(re.search(r'const SERVER_NAME: &str = "skill-ls";', src) is not None, "zed: lib.rs server name is skill-ls")
ok(re.search(r'DEFAULT_ARGS: &\[&str\] = &\["serve"\];', src) is not None, 'zed: lib.rs default args are ["serve"]')
ok("worktree.which(SERVER_NAME)" in src, "zed: lib.rs looks the binary up on PATH")
ok("LspSettings::for_worktree" in src and "b.path" in src, "zed: lib.rs honours lsp.skill-ls.binary.path")
ok("fn language_server_initialization_options" in src and "initialization_options" in src,
   "zed: lib.rs passes initialization options")
ok("zed::register_extension!(SkillLsExtension);" in src, "zed: lib.rs registers the extension")

helix = load(repo / "editors" / "helix" / "languages.toml")
hls = helix.get("language-server", {}).get("skill-ls", {})
ok(hls.get("command") == "skill-ls", "helix: command is skill-ls", hls.get("command"))
ok(hls.get("args") == ["serve"], 'helix: args are ["serve"]', hls.get("args"))
md = [lang for lang in helix.get("language", []) if lang.get("name") == "markdown"]
ok(len(md) == 1 and "skill-ls" in md[0].get("language-servers", []),
   "helix: markdown lists the skill-ls language server", md)
js = [lang for lang in helix.get("language", []) if lang.get("name") == "json"]
ok(len(js) == 1 and "skill-ls" in js[0].get("language-servers", []),
   "helix: json lists the skill-ls language server (package manifests)", js)

print(f"manifests: {failures} failed")
sys.exit(1 if failures else 0)
