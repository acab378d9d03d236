;;; emacs-test.el --- End-to-end test of editors/emacs/skill-ls.el -*- lexical-binding: t; -*-

;; SKILL_LS_WS=<workspace> emacs --batch -q \
;;   -l editors/emacs/skill-ls.el -l testdata/e2e/emacs-test.el
;;
;; (--batch without -Q: on Emacs 28 Eglot comes from Debian's elpa-eglot,
;; which only site-start puts on the load-path; Emacs 29+ has it built in.)
;;
;; Opens the workspace made by scripts/e2e.sh with Eglot and the real
;; skill-ls binary and uses it as a user would: settings from
;; `skill-ls-initialization-options' and `eglot-workspace-configuration'
;; both in effect, a quick fix chosen from the start of a line, rename and a
;; folder moved by hand, the "Open <path>" action (client-side), the
;; catalog, hover and completion, and changes on disk (a new skill folder,
;; a write by rename) that Eglot's own file watching would miss.  Exits 0 when every check passed, 1
;; otherwise.

;;; Code:

(require 'cl-lib)
(require 'subr-x)
(require 'eglot)
(require 'flymake)

(defvar skill-ls-test-failures 0)
(defvar skill-ls-test-timeout
  (/ (string-to-number (or (getenv "SKILL_LS_TIMEOUT_MS") "30000")) 1000.0))

(defun skill-ls-test--out (fmt &rest args)
  (princ (concat (apply #'format fmt args) "\n")))

(defun skill-ls-test--ok (cond what &optional detail)
  (if cond
      (skill-ls-test--out "ok   - %s" what)
    (cl-incf skill-ls-test-failures)
    (skill-ls-test--out "FAIL - %s%s" what
                        (if detail (format "\n       %s" detail) "")))
  cond)

(defun skill-ls-test--wait (pred)
  "Poll PRED, serving process output, until it is non-nil or time runs out."
  (let ((deadline (+ (float-time) skill-ls-test-timeout))
        result)
    (while (and (not (setq result (funcall pred)))
                (< (float-time) deadline))
      (accept-process-output nil 0.05))
    result))

(defun skill-ls-test--code (diag)
  (plist-get (alist-get 'eglot-lsp-diag (flymake-diagnostic-data diag)) :code))

(defun skill-ls-test--line-col (pos)
  "0-based line and column of POS."
  (save-excursion
    (goto-char pos)
    (list (1- (line-number-at-pos)) (current-column))))

(defun skill-ls-test--hover-text (contents)
  (cond ((null contents) "")
        ((stringp contents) contents)
        ((vectorp contents)
         (mapconcat #'skill-ls-test--hover-text (append contents nil) "\n"))
        ((plist-get contents :value) (plist-get contents :value))
        (t (format "%S" contents))))

(defmacro skill-ls-test--attempt (what &rest body)
  "Run BODY; an error fails WHAT instead of ending the test."
  (declare (indent 1))
  `(condition-case err
       (progn ,@body)
     (error (skill-ls-test--ok nil ,what (format "%S" err)))))

(defun skill-ls-test--goto (line col)
  "Go to 0-based LINE and COL."
  (goto-char (point-min))
  (forward-line line)
  (forward-char col))

(defvar skill-ls-test-shown nil
  "What the server showed the user (window/showMessage), newest first.")

(cl-defmethod eglot-handle-notification :before
  (_server (_method (eql window/showMessage)) &key _type message)
  (push message skill-ls-test-shown))

(defun skill-ls-test--choose (title thunk)
  "Run THUNK, picking the menu item TITLE as a user would."
  (cl-letf (((symbol-function 'completing-read)
             (lambda (_prompt collection &rest _)
               (let ((item (cl-find-if (lambda (c) (string-prefix-p title (if (consp c) (car c) c)))
                                       collection)))
                 (unless item
                   (error "No item %s among %S" title (mapcar #'car collection)))
                 (if (consp item) (car item) item))))
            ((symbol-function 'y-or-n-p) (lambda (&rest _) t)))
    (let ((last-nonmenu-event 13))  ; a key, not a mouse click: no popup menu
      (funcall thunk))))

(defun skill-ls-test--codes ()
  (flymake-start)
  (mapcar #'skill-ls-test--code (flymake-diagnostics)))

(defun skill-ls-test--line (n)
  "Text of 0-based line N."
  (save-excursion
    (goto-char (point-min))
    (forward-line n)
    (buffer-substring-no-properties (line-beginning-position) (line-end-position))))

(defun skill-ls-test--run ()
  (let* ((ws (file-name-as-directory (expand-file-name (getenv "SKILL_LS_WS"))))
         (broken (expand-file-name ".agents/skills/my-skill/SKILL.md" ws))
         (good (expand-file-name ".agents/skills/good-skill/SKILL.md" ws))
         (readme (expand-file-name "README.md" ws))
         (twin (expand-file-name ".claude/skills/good-skill/SKILL.md" ws))
         (moved (expand-file-name ".agents/skills/renamed-skill/SKILL.md" ws))
         ;; Settings from both places: init options make name-dir-mismatch
         ;; a warning, the workspace configuration makes name-chars a note.
         (skill-ls-initialization-options '(:rules (:name-dir-mismatch "warning")))
         (eglot-sync-connect skill-ls-test-timeout)
         (eglot-connect-timeout skill-ls-test-timeout)
         ;; Report diagnostics to Flymake as they arrive.
         (flymake-no-changes-timeout 0.5)
         server)
    (setq-default eglot-workspace-configuration
                  '(:skill-ls (:rules (:name-chars "info") :debounceMs 0)))
    (skill-ls-test--ok (executable-find "skill-ls") "skill-ls is on exec-path"
                       (getenv "PATH"))

    ;; README.md is not a skill.
    (with-current-buffer (find-file-noselect readme)
      (skill-ls-test--ok (not (derived-mode-p 'skill-md-mode))
                         "README.md is not in skill-md-mode" major-mode))
    ;; Package manifests get a mode of their own; other JSON does not.
    (let ((auto-mode-case-fold nil))
      (skill-ls-test--ok (eq (assoc-default "/p/.claude-plugin/plugin.json" auto-mode-alist #'string-match)
                             'skill-ls-manifest-mode)
                         "plugin.json opens in skill-ls-manifest-mode")
      (skill-ls-test--ok (eq (assoc-default "/p/gemini-extension.json" auto-mode-alist #'string-match)
                             'skill-ls-manifest-mode)
                         "gemini-extension.json opens in skill-ls-manifest-mode")
      (skill-ls-test--ok (not (eq (assoc-default "/p/package.json" auto-mode-alist #'string-match)
                                  'skill-ls-manifest-mode))
                         "package.json does not"))

    ;; The broken skill: mode, server, diagnostics.
    (with-current-buffer (find-file-noselect broken)
      (skill-ls-test--ok (eq major-mode 'skill-md-mode)
                         "SKILL.md opens in skill-md-mode" major-mode)
      (let ((contact (eglot--guess-contact)))
        (skill-ls-test--ok (eq (nth 2 contact) 'skill-ls-server)
                           "eglot server class is skill-ls-server" (nth 2 contact))
        (skill-ls-test--ok (equal (seq-take (nth 3 contact) 2) '("skill-ls" "serve"))
                           "eglot contact is (\"skill-ls\" \"serve\")" (nth 3 contact))
        (skill-ls-test--ok (equal (nth 4 contact) "markdown")
                           "eglot language id is markdown" (nth 4 contact))
        (skill-ls-test--ok (equal (project-root (nth 1 contact)) ws)
                           "eglot project root is the workspace"
                           (project-root (nth 1 contact)))
        (apply #'eglot contact))
      (setq server (skill-ls-test--wait #'eglot-current-server))
      (skill-ls-test--ok server "eglot connected to skill-ls")
      (when server
        (let* ((want '("name-chars" "name-dir-mismatch"))
               (have-all
                (lambda ()
                  (flymake-start)
                  (cl-every (lambda (d)
                              (pcase (skill-ls-test--code d)
                                ("name-chars" (eq (flymake-diagnostic-type d) 'eglot-note))
                                ("name-dir-mismatch" (eq (flymake-diagnostic-type d) 'eglot-warning))
                                (_ t)))
                            (flymake-diagnostics))))
               (have-both
                (lambda ()
                  (let ((codes (skill-ls-test--codes)))
                    (and (cl-every (lambda (c) (member c codes)) want)
                         (funcall have-all))))))
          (skill-ls-test--ok (skill-ls-test--wait have-both)
                             "flymake has name-chars (note: workspace configuration) and name-dir-mismatch (warning: init options)")
          (skill-ls-test--out "flymake diagnostics seen on my-skill/SKILL.md:")
          (dolist (d (flymake-diagnostics))
            (skill-ls-test--out "  %s %S-%S %s: %s"
                                (skill-ls-test--code d)
                                (skill-ls-test--line-col (flymake-diagnostic-beg d))
                                (skill-ls-test--line-col (flymake-diagnostic-end d))
                                (flymake-diagnostic-type d)
                                (flymake-diagnostic-text d)))
          (dolist (code want)
            (let ((d (cl-find code (flymake-diagnostics)
                              :key #'skill-ls-test--code :test #'equal)))
              (when d
                (pcase-let ((`(,bl ,bc) (skill-ls-test--line-col (flymake-diagnostic-beg d)))
                            (`(,el ,ec) (skill-ls-test--line-col (flymake-diagnostic-end d))))
                  ;; Line 1 (0-based) is `name: Wrong_Name'; the value is columns 6-16.
                  (skill-ls-test--ok (and (= bl 1) (>= bc 6) (< bc 16) (= el 1) (<= ec 16))
                                     (format "%s is on the name value (line 1, columns 6-16)" code)
                                     (format "got %d:%d-%d:%d" bl bc el ec)))
                ;; The severity the settings give it (Eglot's types).
                (skill-ls-test--ok (eq (flymake-diagnostic-type d)
                                       (if (equal code "name-chars") 'eglot-note 'eglot-warning))
                                   (format "%s has the severity the settings give it" code)
                                   (flymake-diagnostic-type d))
                (skill-ls-test--ok (string-match-p
                                    (regexp-quote (format "skill-ls [%s]" code))
                                    (flymake-diagnostic-text d))
                                   (format "%s message reads \"skill-ls [%s]: ...\"" code code)
                                   (flymake-diagnostic-text d)))))

          ;; A quick fix chosen with point at the start of the name's line.
          (skill-ls-test--goto 1 0)
          (skill-ls-test--attempt "code action from the start of the line"
            (skill-ls-test--choose "Set name to my-skill"
                                   (lambda () (eglot-code-actions (point) nil nil t)))
            (skill-ls-test--ok (equal (skill-ls-test--line 1) "name: my-skill")
                               "code action from the start of the line: \"Set name to my-skill\" applied"
                               (skill-ls-test--line 1)))
          (save-buffer)
          (skill-ls-test--ok (skill-ls-test--wait
                              (lambda () (let ((codes (skill-ls-test--codes)))
                                           (not (or (member "name-chars" codes)
                                                    (member "name-dir-mismatch" codes))))))
                             "after the fix the name findings are gone")

          ;; Rename: Eglot cannot move folders; the user is told which one to
          ;; rename, moves it and opens the file where it now is.
          (skill-ls-test--goto 1 8)
          (skill-ls-test--attempt "rename"
            (eglot-rename "renamed-skill")
            (skill-ls-test--ok (equal (skill-ls-test--line 1) "name: renamed-skill")
                               "rename changed the name value" (skill-ls-test--line 1)))
          (skill-ls-test--ok (skill-ls-test--wait
                              (lambda () (cl-some (lambda (m) (string-search "rename the folder" m))
                                                  skill-ls-test-shown)))
                             "the user is told which folder to rename" skill-ls-test-shown)
          ;; ...after Eglot's own "Edit successful!", which would hide it.
          (with-current-buffer (messages-buffer)
            (let ((edited (save-excursion (goto-char (point-max))
                                          (search-backward "Edit successful!" nil t)))
                  (told (save-excursion (goto-char (point-max))
                                        (search-backward "rename the folder" nil t))))
              (skill-ls-test--ok (and edited told (> told edited))
                                 "the folder to rename is shown after \"Edit successful!\", not hidden by it"
                                 (list edited told))))
          (save-buffer)
          (rename-file (expand-file-name ".agents/skills/my-skill" ws)
                       (expand-file-name ".agents/skills/renamed-skill" ws))
          (let ((old (current-buffer)))
            (with-current-buffer (find-file-noselect moved)
              (skill-ls-test--ok (skill-ls-test--wait
                                  (lambda () (eq (eglot-current-server) server)))
                                 "the moved file is managed by the server")
              (sleep-for 1.5)         ; time for the server to publish both
              (let ((codes (append (skill-ls-test--codes)
                                   (with-current-buffer old (skill-ls-test--codes)))))
                (skill-ls-test--ok (null codes)
                                   "the moved skill is not a duplicate of itself (old and new buffer clean)"
                                   codes)))))))

    ;; The valid skill: same server, hover and completion.
    (when server
      (with-current-buffer (find-file-noselect good)
        (skill-ls-test--ok (skill-ls-test--wait
                            (lambda () (and (bound-and-true-p eglot--managed-mode)
                                            (eq (eglot-current-server) server))))
                           "good-skill/SKILL.md is managed by the same server")
        (skill-ls-test--goto 1 8)       ; inside `good-skill'
        (skill-ls-test--attempt "hover request"
          (let* ((hover (jsonrpc-request server :textDocument/hover
                                         (eglot--TextDocumentPositionParams)))
                 (text (skill-ls-test--hover-text (plist-get hover :contents))))
            (skill-ls-test--out "hover on name: %s"
                                (replace-regexp-in-string
                                 "\n" "\n  " (substring text 0 (min 600 (length text)))))
            (skill-ls-test--ok (string-search "catalog entry" text)
                               "hover on name shows catalog entries")
            (skill-ls-test--ok (string-search "good-skill" text)
                               "hover on name mentions the skill name")
            (skill-ls-test--ok (<= (length (split-string text "\n")) 20)
                               "hover is compact (at most 20 lines)"
                               (length (split-string text "\n")))
            (let ((lines (split-string text "\n")))
              (skill-ls-test--ok (and (string-search "good-skill" (car lines))
                                      (string-search "loaded by" (car lines))
                                      (equal (nth 1 lines) ""))
                                 "hover starts with a one-line summary, for ElDoc"
                                 (car lines)))))
        (skill-ls-test--ok (null eldoc-echo-area-use-multiline-p)
                           "ElDoc shows one line (the hover's summary) in SKILL.md buffers")
        (skill-ls-test--goto 3 0)       ; the blank frontmatter line
        (skill-ls-test--attempt "completion request"
          (let* ((resp (jsonrpc-request server :textDocument/completion
                                        (eglot--CompletionParams)))
                 (items (if (vectorp resp) resp (plist-get resp :items)))
                 (labels (mapcar (lambda (it) (plist-get it :label)) (append items nil))))
            (skill-ls-test--out "completion labels: %s" (string-join labels ", "))
            (skill-ls-test--ok (member "license" labels)
                               "completion on a blank frontmatter line offers license")
            (skill-ls-test--ok (not (or (member "name" labels) (member "description" labels)))
                               "completion offers no key already present")
            (skill-ls-test--ok (not (member "effort" labels))
                               "completion offers no key that is an error in .agents/skills (effort)")))

        ;; "Open <path>": the same name under .claude/skills.  Chosen as a
        ;; user does, the other file is visited (client-side skill-ls.open).
        (skill-ls-test--ok (skill-ls-test--wait
                            (lambda () (cl-some (lambda (c) (string-prefix-p "name-" (or c "")))
                                                (skill-ls-test--codes))))
                           "good-skill collides with .claude/skills/good-skill")
        (skill-ls-test--goto 1 0)
        (skill-ls-test--attempt "Open action"
          (save-window-excursion
            (skill-ls-test--choose (concat "Open " twin)
                                   (lambda () (eglot-code-actions (point) nil nil t)))
            (skill-ls-test--ok (equal (buffer-file-name (window-buffer (selected-window))) twin)
                               "choosing \"Open <path>\" visits the other skill"
                               (buffer-file-name (window-buffer (selected-window))))))

        ;; The catalog, as the code lens's command and interactively.
        (skill-ls-test--attempt "catalog"
          (eglot-execute-command server 'skill-ls.showCatalog
                                 (vector (list :targets (vector "zed" "codex"))))
          (let ((text (with-current-buffer "*skill-ls catalog*" (buffer-string))))
            (skill-ls-test--ok (and (string-search "<available_skills>" text)
                                    (string-search "## codex" text)
                                    (string-search good text))
                               "skill-ls.showCatalog shows the catalogs in a buffer"
                               (substring text 0 (min 300 (length text)))))
          ;; M-x skill-ls-show-catalog offers the agents the binary lists,
          ;; the same as the list kept for an older binary.
          (skill-ls-test--ok (equal (skill-ls--known-targets) skill-ls-targets)
                             "skill-ls-show-catalog offers the agents the binary lists"
                             (format "%S" (skill-ls--known-targets)))
          (let ((skill-ls-program (expand-file-name "no-such-skill-ls" temporary-file-directory)))
            (skill-ls-test--ok (equal (skill-ls--known-targets) skill-ls-targets)
                               "without a binary, skill-ls-show-catalog offers skill-ls-targets"))
          (skill-ls-test--attempt "skill-ls-show-catalog"
            (skill-ls-show-catalog "cursor")
            (skill-ls-test--ok (with-current-buffer "*skill-ls catalog*"
                                 (string-prefix-p "## cursor" (buffer-string)))
                               "M-x skill-ls-show-catalog shows the cursor catalog")))

        ;; Changes on disk that Eglot's own file watching misses: a skill
        ;; folder created, then its file written by rename as `sed -i' does.
        (let* ((fresh (expand-file-name ".agents/skills/fresh-skill/SKILL.md" ws))
               (told (lambda ()
                       (flymake-start)
                       (cl-some (lambda (d) (string-search "fresh-skill" (flymake-diagnostic-text d)))
                                (flymake-diagnostics)))))
          (make-directory (file-name-directory fresh) t)
          (with-temp-file fresh
            (insert "---\nname: good-skill\ndescription: Summarizes gadget logs again.\n---\n"))
          (skill-ls-test--ok (skill-ls-test--wait told)
                             "a skill folder created on disk is seen (good-skill is told of the duplicate)"
                             (mapcar #'flymake-diagnostic-text (flymake-diagnostics)))
          (let ((tmp (concat fresh ".sedXXXX")))
            (with-temp-file tmp
              (insert "---\nname: fresh-skill\ndescription: Summarizes gadget logs again.\n---\n"))
            (rename-file tmp fresh t))
          (skill-ls-test--ok (skill-ls-test--wait
                              (lambda ()
                                (and (not (funcall told))
                                     (cl-some (lambda (s) (equal (plist-get s :name) "fresh-skill"))
                                              (jsonrpc-request server :workspace/symbol
                                                               '(:query "fresh-skill"))))))
                             "a write by rename (sed -i) is seen (the duplicate is gone, fresh-skill is a symbol)"
                             (mapcar #'flymake-diagnostic-text (flymake-diagnostics)))))
      (eglot-shutdown server)
      (skill-ls-test--ok (skill-ls-test--wait
                          (lambda () (not (jsonrpc-running-p server))))
                         "server shut down"))))

(condition-case err
    (skill-ls-test--run)
  (error
   (cl-incf skill-ls-test-failures)
   (skill-ls-test--out "FAIL - test raised: %S" err)))
(skill-ls-test--out "emacs: %d failed" skill-ls-test-failures)
(kill-emacs (if (> skill-ls-test-failures 0) 1 0))

;;; emacs-test.el ends here
