//! Zed extension for skill-ls, the language server for Agent Skills
//! (SKILL.md files).
//!
//! The extension does not download anything: it runs a `skill-ls` binary the
//! user installed (a release archive, or `go install ./cmd/skill-ls` from a
//! checkout), found at
//! `lsp.skill-ls.binary.path` in Zed's settings or on the worktree's PATH,
//! as `skill-ls serve`, and passes `lsp.skill-ls.initialization_options` and
//! `lsp.skill-ls.settings` through to it.

use zed_extension_api::{self as zed, serde_json, settings::LspSettings, LanguageServerId, Result};

/// The language server id in extension.toml and the binary's name.
const SERVER_NAME: &str = "skill-ls";
/// Arguments when the user's settings give none: LSP on stdio.
const DEFAULT_ARGS: &[&str] = &["serve"];

struct SkillLsExtension;

impl SkillLsExtension {
    fn settings(id: &LanguageServerId, worktree: &zed::Worktree) -> Option<LspSettings> {
        LspSettings::for_worktree(id.as_ref(), worktree).ok()
    }
}

impl zed::Extension for SkillLsExtension {
    fn new() -> Self {
        SkillLsExtension
    }

    fn language_server_command(
        &mut self,
        language_server_id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Result<zed::Command> {
        let binary = Self::settings(language_server_id, worktree).and_then(|s| s.binary);

        let configured_path = binary.as_ref().and_then(|b| b.path.clone());
        let command = match configured_path {
            Some(path) => path,
            None => worktree.which(SERVER_NAME).ok_or_else(|| {
                format!(
                    "{SERVER_NAME} not found on PATH. Install it (a release archive, or \
                     `go install ./cmd/skill-ls` from a checkout of skill-ls), or set \
                     lsp.{SERVER_NAME}.binary.path in Zed's settings."
                )
            })?,
        };

        let args = binary
            .as_ref()
            .and_then(|b| b.arguments.clone())
            .unwrap_or_else(|| DEFAULT_ARGS.iter().map(|a| a.to_string()).collect());

        let mut env = worktree.shell_env();
        if let Some(extra) = binary.and_then(|b| b.env) {
            env.extend(extra);
        }

        Ok(zed::Command { command, args, env })
    }

    fn language_server_initialization_options(
        &mut self,
        language_server_id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Result<Option<serde_json::Value>> {
        Ok(Self::settings(language_server_id, worktree).and_then(|s| s.initialization_options))
    }

    fn language_server_workspace_configuration(
        &mut self,
        language_server_id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Result<Option<serde_json::Value>> {
        // The server reads the `skill-ls` section.
        Ok(Self::settings(language_server_id, worktree)
            .and_then(|s| s.settings)
            .map(|settings| {
                let mut section = serde_json::Map::new();
                section.insert(SERVER_NAME.to_string(), settings);
                serde_json::Value::Object(section)
            }))
    }
}

zed::register_extension!(SkillLsExtension);
