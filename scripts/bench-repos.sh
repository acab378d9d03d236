#!/bin/sh
# Clones the public repositories of the "repositories" benchmark at the
# commits measured (13 repositories, 6,084 SKILL.md files, 36 MB of them,
# 19,592 folders) into DIR, for `skill-ls bench --repos DIR`. Needs git and
# the network; the four plugin repositories of the corpus are copied from
# PACKAGES when given (default ../shared/packages).
set -eu
dir=${1:?usage: bench-repos.sh DIR [PACKAGES]}
packages=${2:-../shared/packages}
mkdir -p "$dir"
while read -r repo commit; do
  dst="$dir/$(echo "$repo" | tr / +)"
  [ -d "$dst" ] && continue
  git init -q "$dst"
  git -C "$dst" fetch -q --depth 1 "https://github.com/$repo" "$commit"
  git -C "$dst" -c advice.detachedHead=false checkout -q FETCH_HEAD
  rm -rf "$dst/.git"
done <<'LIST'
sickn33/antigravity-awesome-skills e1dd8f41bcb43c3bb025d5056183729a626b696d
jeremylongshore/claude-code-plugins-plus-skills 22fc789350af7c18c233242da6f7b578dbf59fce
wshobson/agents 367cb6a4a182cf7e9b0a17c9429f7411ddd9cf35
davila7/claude-code-templates c2b584d4b8493e98a885b1b9aabb0736bccfe7cf
alirezarezvani/claude-skills 7d493fed97e4d57553630e1a2432c1c02bf5b2b3
openai/skills f6b8344b4e519f964d8884d6f60b57991f3f4993
K-Dense-AI/claude-scientific-skills 899a51bfbd63218153b272c9459dcb4a7ae88da6
github/awesome-copilot ab7544d03d4c49fdd07f5958e1888ad39c4118e2
LIST
if [ -d "$packages" ]; then
  cp -R "$packages"/*+* "$dir"/
fi
find "$dir" -name SKILL.md | wc -l | sed 's/$/ SKILL.md files/'
