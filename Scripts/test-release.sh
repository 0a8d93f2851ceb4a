#!/usr/bin/env bash
# README's dependency snippet resolves and builds as written (Scripts/test.sh runs this): the
# version it asks for (`from: "X"`) must be a tag of this repository; a scratch package with the
# snippet's dependency line — its URL pointed at a clone of this repository, the products README
# lists — resolves that release and pins nothing else (no command-line dependency), builds, and
# draws a label to a PNG; every Swift block of the DocC catalogues is compiled and run with it.
set -euo pipefail
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then "$(dirname "$0")/usage.sh" "$0"; exit 0; fi
cd "$(dirname "$0")/.."
root=$(pwd)
# A scratch executable package at DIR named NAME with one dependency line, using the products
# README lists from the package SwiftPM knows as IDENTITY.
#   scratch_package DIR NAME DEPENDENCY IDENTITY
scratch_package() {
    mkdir -p "$1/Sources/$2"
    cat > "$1/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "$2",
    dependencies: [$3],
    targets: [
        .executableTarget(name: "$2", dependencies: [
            .product(name: "SheenRaster", package: "$4"),
            .product(name: "SheenLabel", package: "$4"),
            .product(name: "SheenPNG", package: "$4"),
        ]),
    ]
)
SWIFT
}

# The snippet's dependency line, as README writes it, and the version it asks for.
snippet=$(grep -o '\.package(url: "https://github.com/OWNER/sheen", from: "[^"]*"[^)]*)' README.md | head -1)
version=$(sed -n 's|.*from: "\([^"]*\)".*|\1|p' <<<"$snippet")
[ -n "$version" ] || { echo "test-release: README has no .package(url: ..., from: \"X\") snippet" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q "$root" "$work/sheen"
if ! git rev-parse -q --verify "refs/tags/$version" >/dev/null; then
    # A CI clone of main alone (shallow, or cloned without tags) carries no tags. Then the
    # commit Scripts/release.sh made for this version stands in for its tag: it is tagged in the
    # scratch clone. A clone that has tags must have this one; a version with no release commit
    # fails either way. (awk reads the whole log: stopping at the match would end git log with
    # SIGPIPE, which pipefail makes a failure.)
    release=$(git log --format='%H%x09%s' HEAD | awk -F '\t' -v subject="Release $version" '$2 == subject && !found { print $1; found = 1 }')
    if [ -z "$(git tag -l)" ] && [ -n "$release" ]; then
        echo "test-release: this clone has no tags; the snippet is checked against release commit ${release:0:10} (\"Release $version\") tagged $version in a scratch clone"
        git -C "$work/sheen" tag "$version" "$release"
    elif [ "$(git rev-parse --is-shallow-repository)" = true ]; then
        echo "test-release: this clone is shallow and has no tag $version; the snippet is checked against HEAD tagged $version in a scratch clone"
        git -C "$work/sheen" tag "$version"
    else
        echo "test-release: README asks for $version, which is not a tag of this repository (Scripts/release.sh makes one)" >&2
        exit 1
    fi
fi
dependency=$(sed "s|https://github.com/OWNER/sheen|file://$work/sheen|" <<<"$snippet")
scratch_package "$work/app" App "$dependency" sheen
cat > "$work/app/Sources/App/main.swift" <<'SWIFT'
import SheenLabel
import SheenPNG

var label = Label("Resolved", font: try Font(named: "DejaVu Sans:bold", size: 32), size: Size(width: 200, height: 50))
label.fill = .gradient(LabelGradient(colors: [try Color(hex: "#3478F6"), try Color(hex: "#FF3B30")]), extent: .ink)
let png = try label.image().withReadOnlyBuffer { try PNG.encode($0) }
print(Sheen.version, png.count)
SWIFT
cd "$work/app"
swift package resolve >/dev/null
# Only Sheen itself is pinned: a library user resolves none of the command line's dependencies.
pins=$(python3 -c 'import json; print(" ".join(p["identity"] for p in json.load(open("Package.resolved"))["pins"]))')
[ "$pins" = "sheen" ] || { echo "test-release: the snippet pins $pins; a library user should pin only sheen" >&2; exit 1; }
resolved=$(python3 -c 'import json; print(next(p["state"].get("version") for p in json.load(open("Package.resolved"))["pins"] if p["identity"] == "sheen"))')
swift build -q
out=$(.build/debug/App)
echo "test-release: README's snippet resolved sheen $resolved (asks from: \"$version\"), built, ran: $out"
case "$out" in
    "$version "*) ;;
    *) echo "test-release: the built release reports $out, expected version $version" >&2; exit 1 ;;
esac

# Every Swift block of the DocC catalogues (README's and docs/guide.md's are compiled by the test targets) except
# manifest snippets, against this worktree (not the release: documentation describes the code
# beside it), each as a function of its own (imports gathered at the top), run in order.
identity=$(basename "$root" | tr '[:upper:]' '[:lower:]')   # SwiftPM names a path dependency by its folder
scratch_package "$work/docs" Docs ".package(path: \"$root\", traits: [])" "$identity"
python3 - "$root" "$work/docs/Sources/Docs/DocExamples.swift" <<'PY'
import glob, os, re, sys
root, out = sys.argv[1], sys.argv[2]
imports, functions, names = set(), [], []
for path in sorted(glob.glob(os.path.join(root, "Sources/*/*.docc/*.md"))):
    with open(path, encoding="utf-8") as f:
        blocks = re.findall(r"```swift\n(.*?)```", f.read(), re.S)
    for i, block in enumerate(blocks):
        if block.startswith("// Package.swift"):
            continue
        body = []
        for line in block.splitlines():
            m = re.match(r"import (\w+)", line)
            if m:
                imports.add(m.group(1))
            else:
                body.append("    " + line)
        name = "doc_" + re.sub(r"\W", "_", os.path.relpath(path, root)) + f"_{i + 1}"
        names.append(name)
        functions.append(f"/// {os.path.relpath(path, root)}, Swift block {i + 1}\nfunc {name}() throws {{\n" + "\n".join(body) + "\n}\n")
with open(out, "w", encoding="utf-8") as f:
    f.write("".join(f"import {m}\n" for m in sorted(imports | {"SheenRaster"})) + "\n")
    f.write("\n".join(functions))
    f.write("\nfunc runDocExamples() throws {\n" + "".join(f"    try {n}()\n" for n in names) + "}\n")
print(f"test-release: {len(names)} DocC Swift blocks")
PY
echo 'try runDocExamples()' > "$work/docs/Sources/Docs/main.swift"
(cd "$work/docs" && swift build -q > build.log 2>&1 || { cat build.log; exit 1; }; .build/debug/Docs)
echo "test-release: the DocC catalogues' Swift blocks compiled and ran against this worktree"
