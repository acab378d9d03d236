;;; skill-ls.el --- Eglot setup for skill-ls, the Agent Skills language server -*- lexical-binding: t; -*-

;; Copyright (C) 2026 The skill-ls authors
;; SPDX-License-Identifier: MIT

;; Author: The skill-ls authors
;; URL: https://github.com/skill-ls/skill-ls
;; Version: 0.1.0
;; Package-Requires: ((emacs "27.1") (eglot "1.9"))
;; Keywords: languages, tools

;;; Commentary:

;; skill-ls checks Agent Skills (SKILL.md files) while you type: which
;; agents load the skill, how its catalog entry reads, which other skill it
;; collides with.  This file wires the `skill-ls' binary into Eglot:
;;
;; - `skill-md-mode', a major mode for files named SKILL.md, derived from
;;   `markdown-mode' when that is installed and from `text-mode' otherwise;
;; - an `eglot-server-programs' entry running "skill-ls serve" for it (the
;;   language id sent to the server is "markdown");
;; - a project finder so a skill outside version control still gets its
;;   project (the folder holding .agents, .claude, ...) as the Eglot root;
;; - `eglot-ensure' in `skill-md-mode-hook' (see `skill-ls-auto-start').
;;
;; Install the server with `go install ./cmd/skill-ls' from a clone, then:
;;
;;   (add-to-list 'load-path "/path/to/skill-ls/editors/emacs")
;;   (require 'skill-ls)
;;
;; Per-project settings go in .dir-locals.el:
;;
;;   ((skill-md-mode
;;     . ((eglot-workspace-configuration
;;         . (:skill-ls (:targets ["zed" "codex"] :debounceMs 50))))))

;;; Code:

(require 'eglot)
(require 'project)
(require 'cl-lib)

(defgroup skill-ls nil
  "Agent Skills (SKILL.md) checks through the skill-ls language server."
  :group 'tools
  :prefix "skill-ls-")

(defcustom skill-ls-program "skill-ls"
  "The skill-ls binary: a name looked up on `exec-path', or an absolute file."
  :type 'string)

(defcustom skill-ls-initialization-options nil
  "Plist sent as LSP initializationOptions, or nil for the server's defaults.
For example (:targets [\"zed\"] :rules (:body-too-long \"off\") :debounceMs 50).
Use vectors for JSON arrays."
  :type '(choice (const :tag "Server defaults" nil) (plist :tag "Options")))

(defcustom skill-ls-auto-start t
  "When non-nil, start Eglot in every `skill-md-mode' buffer."
  :type 'boolean)

(defcustom skill-ls-root-markers
  '(".git" ".agents" ".claude" ".codex" ".github" ".gemini" ".skills" ".zot")
  "Files or folders marking a project root for a SKILL.md outside version control."
  :type '(repeat string))

(defconst skill-ls-file-regexp "/SKILL\\.md\\'"
  "Regexp matching the file names `skill-md-mode' is for.")

;; Derive from markdown-mode when it is available (installed packages are
;; autoloaded before the init file runs), from text-mode otherwise.
(if (fboundp 'markdown-mode)
    (define-derived-mode skill-md-mode markdown-mode "SKILL.md"
      "Major mode for Agent Skills SKILL.md files (markdown-mode plus skill-ls).")
  (define-derived-mode skill-md-mode text-mode "SKILL.md"
    "Major mode for Agent Skills SKILL.md files (text-mode plus skill-ls)."))

;;;###autoload
(add-to-list 'auto-mode-alist (cons skill-ls-file-regexp 'skill-md-mode))

(defun skill-ls--contact (&optional _interactive)
  "The Eglot contact for skill-ls: the program, \"serve\" and options."
  (append (list skill-ls-program "serve")
          (and skill-ls-initialization-options
               (list :initializationOptions skill-ls-initialization-options))))

(add-to-list 'eglot-server-programs
             '((skill-md-mode :language-id "markdown") . skill-ls--contact))

(defun skill-ls--find-root (dir)
  "The nearest directory at or above DIR holding one of `skill-ls-root-markers'."
  (locate-dominating-file
   dir
   (lambda (d)
     (cl-some (lambda (marker) (file-exists-p (expand-file-name marker d)))
              skill-ls-root-markers))))

(defun skill-ls-project-find (dir)
  "Find a project for a SKILL.md buffer outside version control, for Eglot.
Appended to `project-find-functions', so version control roots win."
  (when (and (bound-and-true-p eglot-lsp-context)
             (derived-mode-p 'skill-md-mode))
    (let ((root (skill-ls--find-root dir)))
      (when root
        (cons 'transient (file-name-as-directory (expand-file-name root)))))))

(add-hook 'project-find-functions #'skill-ls-project-find 90)

(defun skill-ls--maybe-start ()
  "Start Eglot in this buffer when `skill-ls-auto-start' is set."
  (when (and skill-ls-auto-start buffer-file-name)
    (eglot-ensure)))

(add-hook 'skill-md-mode-hook #'skill-ls--maybe-start)

(provide 'skill-ls)

;;; skill-ls.el ends here
