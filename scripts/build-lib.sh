# Shared by scripts/package-vscode.sh and scripts/release.sh (sourced, not
# run): the platforms skill-ls ships for and how one binary is built.

# The release platforms, as VS Code names them (vsce --target).
SKILL_LS_PLATFORMS=(linux-x64 linux-arm64 darwin-x64 darwin-arm64 win32-x64)

# go_platform TARGET: prints "GOOS GOARCH" for a VS Code platform name.
go_platform() {
	case "$1" in
	linux-x64) echo "linux amd64" ;;
	linux-arm64) echo "linux arm64" ;;
	darwin-x64) echo "darwin amd64" ;;
	darwin-arm64) echo "darwin arm64" ;;
	win32-x64) echo "windows amd64" ;;
	*)
		echo "unknown platform $1 (known: ${SKILL_LS_PLATFORMS[*]})" >&2
		return 1
		;;
	esac
}

# build_binary TARGET OUT VERSION: cross-compiles ./cmd/skill-ls for a
# platform into OUT, static (CGO_ENABLED=0) and reproducible (-trimpath),
# with the version and commit `skill-ls version` prints. Run from the
# repository root.
build_binary() {
	local goos goarch commit
	read -r goos goarch < <(go_platform "$1") || return 1
	# A copy outside git, or a repository with no commit yet (where
	# `git rev-parse HEAD` prints "HEAD" and fails), builds as "unknown".
	commit=$(git rev-parse --verify --quiet HEAD 2>/dev/null) || commit=unknown
	CGO_ENABLED=0 GOOS=$goos GOARCH=$goarch go build -trimpath \
		-ldflags "-s -w -X main.version=$3 -X main.buildCommit=$commit" -o "$2" ./cmd/skill-ls
}

# host_platform: the VS Code name of the machine this runs on.
host_platform() {
	local os arch
	case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; MINGW* | MSYS* | CYGWIN*) os=win32 ;; *) os=unknown ;; esac
	case "$(uname -m)" in x86_64 | amd64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; *) arch=unknown ;; esac
	echo "$os-$arch"
}
