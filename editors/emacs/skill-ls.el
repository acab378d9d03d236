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
;; - `skill-ls-manifest-mode', for the package manifests skill-ls reads
;;   (plugin.json, marketplace.json, gemini-extension.json), derived from
;;   `js-json-mode' (or `js-mode' before Emacs 29);
;; - an `eglot-server-programs' entry running "skill-ls serve" for it (the
;;   language id sent to the server is "markdown");
;; - a project finder so a skill outside version control still gets its
;;   project (the folder holding .agents, .claude, ...) as the Eglot root;
;; - `eglot-ensure' in `skill-md-mode-hook' (see `skill-ls-auto-start');
;; - the commands the server leaves to the client, since Eglot has no
;;   window/showDocument: "Open <path>" code actions (skill-ls.open) open
;;   the other skill's file, and skill-ls.showCatalog (the code lens's
;;   command) shows the catalogs in a buffer;
;; - `skill-ls-show-catalog', to see the catalog an agent would put in
;;   front of the model;
;; - file watching left to the server, which sees new skill folders and
;;   writes by rename that Eglot's own watching misses;
;; - ElDoc kept to one line in SKILL.md buffers: the hover's summary (see
;;   `skill-ls-eldoc-one-line').
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
;;
;; The server merges them over `skill-ls-initialization-options' key by
;; key: a key left out keeps the value given there.

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
  "When non-nil, start Eglot in every `skill-md-mode' and manifest buffer."
  :type 'boolean)

(defcustom skill-ls-root-markers
  '(".git" ".agents" ".claude" ".codex" ".cursor" ".gemini" ".github"
    ".opencode" ".qwen" ".skills" ".zot")
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

(defconst skill-ls-manifest-file-regexp
  "/\\(?:plugin\\|marketplace\\|gemini-extension\\)\\.json\\'"
  "Regexp matching the package manifests skill-ls reads.
plugin.json and marketplace.json, at a package's top or in .claude-plugin/,
.codex-plugin/, .cursor-plugin/, .plugin/, .github/plugin/ or
.agents/plugins/, and gemini-extension.json: the manifests through which
agents install skills.")

;; A mode of its own, so that Eglot runs skill-ls for these files alone
;; and leaves every other JSON file to the user's JSON server.
(if (fboundp 'js-json-mode)
    (define-derived-mode skill-ls-manifest-mode js-json-mode "Manifest"
      "Major mode for the package manifests skill-ls reads.
`js-json-mode' plus skill-ls.")
  (define-derived-mode skill-ls-manifest-mode js-mode "Manifest"
    "Major mode for the package manifests skill-ls reads.
`js-mode' plus skill-ls."))

;;;###autoload
(add-to-list 'auto-mode-alist (cons skill-ls-manifest-file-regexp 'skill-ls-manifest-mode))

(defclass skill-ls-server (eglot-lsp-server) ()
  :documentation "A connection to skill-ls: it runs the server's client-side commands.")

(defun skill-ls--contact (&optional _interactive)
  "The Eglot contact for skill-ls: its class, the program, \"serve\" and options."
  (append (list 'skill-ls-server skill-ls-program "serve")
          (and skill-ls-initialization-options
               (list :initializationOptions skill-ls-initialization-options))))

(add-to-list 'eglot-server-programs
             '(((skill-md-mode :language-id "markdown")
                (skill-ls-manifest-mode :language-id "json"))
               . skill-ls--contact))

;;; File watching

;; Eglot announces file watching, but watches only the folders that held a
;; project file when the server registered, so a skill folder created later
;; is never seen, and Eglot 1.9 drops every rename, so a write by rename
;; (`sed -i', `git checkout') is never reported either.  Declining it makes
;; skill-ls watch the workspace itself.
(cl-defmethod eglot-client-capabilities :around ((_server skill-ls-server))
  "Eglot's capabilities, without dynamic registration of file watching."
  (let* ((caps (cl-call-next-method))
         (workspace (plist-get caps :workspace)))
    (plist-put caps :workspace
               (plist-put workspace :didChangeWatchedFiles
                          (list :dynamicRegistration :json-false)))))

;;; Client-side commands

(defconst skill-ls--client-commands '("skill-ls.open" "skill-ls.showCatalog")
  "Commands the server leaves to the editor.")

(defun skill-ls--uri-to-path (uri)
  "The file name of URI, with whichever function this Eglot has."
  (funcall (if (fboundp 'eglot-uri-to-path) 'eglot-uri-to-path 'eglot--uri-to-path) uri))

(defun skill-ls-open (uri &optional range)
  "Visit the file at URI and go to the start of RANGE (an LSP range plist).
This is the server's skill-ls.open command, which a client with
window/showDocument would leave to the server."
  (find-file (skill-ls--uri-to-path uri))
  (when-let ((start (plist-get range :start)))
    (goto-char (point-min))
    (forward-line (plist-get start :line))
    (forward-char (min (plist-get start :character)
                       (- (line-end-position) (point))))))

(defun skill-ls--catalog (server target)
  "The catalog TARGET would render for SERVER's project."
  (jsonrpc-request server :workspace/executeCommand
                   (list :command "skill-ls.catalog"
                         :arguments (vector (list :target target)))))

(defun skill-ls--show-catalogs (server targets)
  "Show the catalogs of TARGETS (strings) from SERVER in a buffer."
  (with-current-buffer (get-buffer-create "*skill-ls catalog*")
    (let ((inhibit-read-only t))
      (erase-buffer)
      (dolist (target targets)
        (insert "## " target "\n\n"
                (skill-ls--catalog server target) "\n\n"))
      (goto-char (point-min)))
    (if (and (= (length targets) 1) (looking-at-p "[ \t\n]*<") (fboundp 'nxml-mode))
        (nxml-mode)
      (text-mode))
    (setq buffer-read-only t)
    (display-buffer (current-buffer))))

(defconst skill-ls-targets
  '("agentskills" "zed" "codex" "claude-code" "claude-api" "copilot" "gemini"
    "cursor" "tiny-agent" "zot" "opencode" "qwen-code")
  "The agents skill-ls knows, offered when the binary cannot list them.")

(defun skill-ls--known-targets ()
  "The agents `skill-ls-program' knows, else `skill-ls-targets'.
Each line of \"skill-ls explain --targets\" starts with an agent's id; a
binary too old to list them exits non-zero."
  (with-temp-buffer
    (if (eql 0 (ignore-errors
                 (call-process skill-ls-program nil '(t nil) nil "explain" "--targets")))
        (mapcar (lambda (line) (car (split-string line)))
                (split-string (buffer-string) "\n" t))
      skill-ls-targets)))

(defun skill-ls-show-catalog (target)
  "Show the catalog TARGET (an agent) would put in front of the model."
  (interactive (list (completing-read "Catalog of agent: " (skill-ls--known-targets) nil t)))
  (skill-ls--show-catalogs (eglot--current-server-or-lose) (list target)))

(defun skill-ls--run-client-command (server command arguments)
  "Run the client-side COMMAND (a string) with ARGUMENTS for SERVER."
  (let ((args (append arguments nil)))
    (pcase command
      ("skill-ls.open" (skill-ls-open (car args) (cadr args)))
      ("skill-ls.showCatalog"
       (let ((targets (append (plist-get (car args) :targets) nil)))
         (if targets
             (skill-ls--show-catalogs server targets)
           (message "skill-ls: no agent loads this file, so it is in no catalog")))))))

;; Eglot up to 1.15 runs a code action's command with this generic.
(cl-defmethod eglot-execute-command ((server skill-ls-server) command arguments)
  "Run skill-ls's client-side commands here, the others on the server."
  (let ((name (format "%s" command)))
    (if (member name skill-ls--client-commands)
        (skill-ls--run-client-command server name arguments)
      (cl-call-next-method))))

;; Eglot 1.16 and later run code actions and commands with `eglot-execute'.
(cl-defmethod eglot-execute ((server skill-ls-server) action)
  "Run skill-ls's client-side commands in ACTION here, the rest as usual."
  (let* ((cmd (plist-get action :command))
         (command (if (stringp cmd) action cmd))
         (name (plist-get command :command)))
    (if (not (member name skill-ls--client-commands))
        (cl-call-next-method)
      (unless (stringp cmd)           ; a code action: its edit first
        (cl-call-next-method server (plist-put (copy-sequence action) :command nil)))
      (skill-ls--run-client-command server name (plist-get command :arguments)))))

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
             (derived-mode-p 'skill-md-mode 'skill-ls-manifest-mode))
    (let ((root (skill-ls--find-root dir)))
      (when root
        (cons 'transient (file-name-as-directory (expand-file-name root)))))))

(add-hook 'project-find-functions #'skill-ls-project-find 90)

;;; ElDoc

(defvar eldoc-echo-area-use-multiline-p)

(defcustom skill-ls-eldoc-one-line t
  "When non-nil, ElDoc shows one line in SKILL.md buffers.
That line is the hover's summary (who loads the skill, its length, its
collisions); the whole hover stays in `eldoc-doc-buffer'.  Otherwise the
20-line hover on `name' resizes the echo area whenever point rests there."
  :type 'boolean)

(defun skill-ls--eldoc-one-line ()
  "Keep ElDoc to the hover's first line when `skill-ls-eldoc-one-line' is set."
  (when skill-ls-eldoc-one-line
    (setq-local eldoc-echo-area-use-multiline-p nil)))

(add-hook 'skill-md-mode-hook #'skill-ls--eldoc-one-line)

(defun skill-ls--maybe-start ()
  "Start Eglot in this buffer when `skill-ls-auto-start' is set."
  (when (and skill-ls-auto-start buffer-file-name)
    (eglot-ensure)))

(add-hook 'skill-md-mode-hook #'skill-ls--maybe-start)
(add-hook 'skill-ls-manifest-mode-hook #'skill-ls--maybe-start)

(provide 'skill-ls)

;;; skill-ls.el ends here
