#!/usr/bin/env python3
"""Writes the Package.swift of the demos as an outside package would declare them.

    scripts/outside-package.py REPO DUMP.json > Package.swift

DUMP.json is `swift package dump-package` of this package. Every target under Demos/ is declared
again, at the same path (the caller links Demos/ beside the manifest), with the same resources,
plugins and settings. A dependency on another demo target stays a target dependency; any other
becomes a product of this package, as an outside package must name it. A demo that depends on a
module that is not a library product is refused here, naming both.
"""
import json
import os
import sys

repo, dump = sys.argv[1], json.load(open(sys.argv[2]))
# SwiftPM names a path dependency after its folder.
package = os.path.basename(os.path.realpath(repo))
libraries = {p["name"] for p in dump["products"] if "library" in p["type"]}
plugins = {p["name"] for p in dump["products"] if "plugin" in p["type"]}
demos = [t for t in dump["targets"] if (t.get("path") or "").startswith("Demos/")]
names = {t["name"] for t in demos}
libraries_of_demos = {t["name"] for t in demos if t["type"] == "regular"}


# A package's graph may not hold two targets of one name, and this package declares the demos
# too: each is renamed here, and the modules that import a demo library are told its new name
# (`-module-alias`, as SwiftPM's own module aliases do), so the sources compile unchanged.
def renamed(name):
    return "outside-" + name if name[0].islower() else "Outside" + name


def demo_dependencies(target):
    """The demo targets `target` depends on, directly or not."""
    found, queue = set(), [target]
    while queue:
        current = queue.pop()
        for entry in next(t for t in demos if t["name"] == current)["dependencies"]:
            name = next(iter(entry.values()))[0]
            if name in names and name not in found:
                found.add(name)
                queue.append(name)
    return found


def dependency(target, entry):
    kind, value = next(iter(entry.items()))
    name = value[0]
    if name in names:
        return f'"{renamed(name)}"'
    if kind == "product" or name in libraries:
        return f'.product(name: "{name}", package: "{package}")'
    sys.exit(f"outside-package: the demo target {target} depends on {name}, which is not a library product")


def plugin(target, usage):
    name = usage["plugin"][0]
    if name not in plugins:
        sys.exit(f"outside-package: the demo target {target} uses the plugin {name}, which is not a product")
    return f'.plugin(name: "{name}", package: "{package}")'


def setting(entry):
    kind = entry["kind"]
    if "treatAllWarnings" in kind:
        return ".treatAllWarnings(as: .error)"
    if "enableUpcomingFeature" in kind:
        return f'.enableUpcomingFeature("{kind["enableUpcomingFeature"]["_0"]}")'
    sys.exit(f"outside-package: a demo's setting this script cannot write: {json.dumps(entry)}")


def resource(entry):
    rule = next(iter(entry["rule"]))
    return f'.{rule}("{entry["path"]}")'


lines = [
    "// swift-tools-version:" + dump["toolsVersion"]["_version"],
    "// Written by scripts/outside-package.py: the demos, depending on this package's products alone.",
    "import PackageDescription",
    "",
    "let package = Package(",
    '    name: "OutsideDemos",',
    "    platforms: [" + ", ".join(f".{p['platformName'].replace('macos', 'macOS')}(\"{p['version']}\")" for p in dump["platforms"]) + "],",
    f'    dependencies: [.package(path: "{os.path.realpath(repo)}")],',
    "    targets: [",
]
for target in demos:
    kind = {"regular": ".target", "executable": ".executableTarget"}[target["type"]]
    # In the order PackageDescription takes them.
    parts = [f'name: "{renamed(target["name"])}"']
    parts.append("dependencies: [" + ", ".join(dependency(target["name"], d) for d in target["dependencies"]) + "]")
    parts.append(f'path: "{target["path"]}"')
    if target.get("resources"):
        parts.append("resources: [" + ", ".join(resource(r) for r in target["resources"]) + "]")
    settings = [setting(s) for s in target.get("settings") or [] if s.get("tool") == "swift"]
    aliases = [f'"-module-alias", "{name}={renamed(name)}"' for name in sorted(demo_dependencies(target["name"]) & libraries_of_demos)]
    if aliases:
        settings.append(".unsafeFlags([" + ", ".join(aliases) + "])")
    if settings:
        parts.append("swiftSettings: [" + ", ".join(settings) + "]")
    if target.get("pluginUsages"):
        parts.append("plugins: [" + ", ".join(plugin(target["name"], p) for p in target["pluginUsages"]) + "]")
    lines.append(f"        {kind}({', '.join(parts)}),")
lines += ["    ]", ")"]
print("\n".join(lines))
