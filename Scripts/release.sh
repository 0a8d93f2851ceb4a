#!/usr/bin/env bash
# Makes a release of Sheen: sets VERSION everywhere it is written — Sources/SheenRaster/Version.swift
# (what the code reads: Sheen.version, sheen --version), sheen.h's SHEEN_VERSION_* (sheen_version()
# checks they agree), README's and GettingStarted.md's dependency snippet — turns CHANGELOG.md's
# "Unreleased" section into "VERSION — DATE" under a new, empty "Unreleased", commits
# "Release VERSION" and tags that commit VERSION. Refuses a dirty worktree, a version that is not
# MAJOR.MINOR.PATCH above the current one, an existing tag, and an empty Unreleased section.
# Push the commit and the tag afterwards (git push --follow-tags).
#   Scripts/release.sh VERSION
set -euo pipefail
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then "$(dirname "$0")/usage.sh" "$0"; exit 0; fi
[ $# -eq 1 ] || { echo "usage: Scripts/release.sh VERSION (--help for what it does)" >&2; exit 2; }
cd "$(dirname "$0")/.."
version=$1
[[ "$version" =~ ^([0-9]+)\.([0-9]+)\.([0-9]+)$ ]] || { echo "release: $version is not MAJOR.MINOR.PATCH" >&2; exit 2; }
current=$(sed -n 's/.*public static let version = "\(.*\)".*/\1/p' Sources/SheenRaster/Version.swift)
newest=$(printf '%s\n%s\n' "$current" "$version" | sort -V | tail -1)
[[ "$newest" == "$version" && "$version" != "$current" ]] || { echo "release: $version is not above $current" >&2; exit 2; }
git diff --quiet && git diff --cached --quiet || { echo "release: the worktree has changes; commit them first" >&2; exit 1; }
! git rev-parse -q --verify "refs/tags/$version" >/dev/null || { echo "release: tag $version exists" >&2; exit 1; }
notes=$(awk '/^## Unreleased/{on=1; next} /^## /{on=0} on' CHANGELOG.md | grep -c '[^[:space:]]' || true)
[ "$notes" -gt 0 ] || { echo "release: CHANGELOG.md's Unreleased section is empty" >&2; exit 1; }

IFS=. read -r major minor patch <<<"$version"
sed -i "s/public static let version = \".*\"/public static let version = \"$version\"/" Sources/SheenRaster/Version.swift
sed -i -e "s/^#define SHEEN_VERSION_MAJOR .*/#define SHEEN_VERSION_MAJOR $major/" \
       -e "s/^#define SHEEN_VERSION_MINOR .*/#define SHEEN_VERSION_MINOR $minor/" \
       -e "s/^#define SHEEN_VERSION_PATCH .*/#define SHEEN_VERSION_PATCH $patch/" \
       -e "s/^#define SHEEN_VERSION_STRING .*/#define SHEEN_VERSION_STRING \"$version\"/" Sources/CSheenAPI/include/sheen.h
for f in README.md Sources/SheenRaster/SheenRaster.docc/GettingStarted.md; do
    sed -i "s|\(\.package(url: \"https://github.com/OWNER/sheen\", from: \"\)[^\"]*\"|\1$version\"|" "$f"
done
sed -i "0,/^## Unreleased/s//## Unreleased\n\n## $version — $(date -u +%Y-%m-%d)/" CHANGELOG.md
git add Sources/SheenRaster/Version.swift Sources/CSheenAPI/include/sheen.h README.md \
        Sources/SheenRaster/SheenRaster.docc/GettingStarted.md CHANGELOG.md
git commit -q -m "Release $version"
git tag -a "$version" -m "Sheen $version"
echo "release: committed and tagged $version"
