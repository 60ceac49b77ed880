"""Kumiki's module graph as `swift package describe` gives it: shared by Scripts/affected and Scripts/graph.

A `Package` holds the targets of the whole package (`KUMIKI_MODULES` is ignored), their dependencies (targets,
executables and build plugins by name; external package products apart), the closure of any target, and the kind
of each module, which is what the graph colours and the rules in ARCHITECTURE.md speak of. The kinds that
`Scripts/check-deps` defines (live parts, front ends, live libraries) are read from it, so the two never disagree.
"""
import importlib.machinery
import importlib.util
import json
import re
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _check_deps():
    """Scripts/check-deps as a module (its rules' sets of names; its `main` runs only as a script)."""
    path = os.path.join(ROOT, "Scripts", "check-deps")
    loader = importlib.machinery.SourceFileLoader("kumiki_check_deps", path)
    spec = importlib.util.spec_from_loader(loader.name, loader)
    module = importlib.util.module_from_spec(spec)
    writes_bytecode = sys.dont_write_bytecode
    sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
    try:
        loader.exec_module(module)
    finally:
        sys.dont_write_bytecode = writes_bytecode
    return module


RULES = _check_deps()
LIVE_TARGETS = set(RULES.LIVE_TARGETS) - {"CompositionRoot"}  # the composition root is a kind of its own
LIVE_PRODUCTS = set(RULES.LIVE_PRODUCTS)
FRONT_ENDS = set(RULES.FRONT_ENDS)
COMPOSITION_ROOT = "CompositionRoot"
# The plugin contract and what it is written in; the client interfaces features program against. Any other library
# without I/O of its own is a "library" (the kit's pure parts: ActionLog, Sessions, QueryCache, Terminal, ...).
CONTRACT = {"Core", "Presentation", "FeatureKit", "FormKit", "LoadingScreenKit", "MutationKit", "ToastKit"}
INTERFACES = {"Networking", "Persistence"}
FEATURES_FOLDER = "Modules/Features/"



def feature_rule(root=ROOT):
    """What Package.swift lets a feature depend on (`featureDependencyRule`): the picture's features node points at
    all of it, so deleting a feature, or the last user of a kit, leaves the picture as it was."""
    with open(os.path.join(root, "Package.swift"), encoding="utf-8") as handle:
        match = re.search(r"let featureDependencyRule: Set<String> = \[(.*?)\]", handle.read(), re.S)
    return set(re.findall(r'"([A-Za-z]+)"', match.group(1))) if match else set()


class DescribeError(Exception):
    pass


def describe(root=ROOT):
    """`swift package describe --type json` of the whole package at `root`, the benchmark included (KUMIKI_BENCH=1;
    never a KUMIKI_MODULES selection); the
    run an earlier check kept in $KUMIKI_DESCRIBE_CACHE when nothing it reads changed since (Scripts/check-deps)."""
    cached = RULES.cached_describe(root)
    if cached is not None:
        return cached
    env = dict(os.environ)
    env.pop("KUMIKI_MODULES", None)
    env["KUMIKI_BENCH"] = "1"
    # Package.swift reads the feature folders, which SwiftPM's manifest cache does not key on.
    command = ["swift", "package", "--manifest-cache", "none", "describe", "--type", "json"]
    try:
        out = subprocess.run(command, capture_output=True, text=True, env=env, cwd=root)
    except OSError as error:
        raise DescribeError(f"cannot run swift: {error}")
    if out.returncode != 0:
        raise DescribeError(f"swift package describe failed:\n{out.stderr.strip()}")
    try:
        description = json.loads(out.stdout)
    except ValueError as error:
        raise DescribeError(f"swift package describe printed no JSON ({error})")
    RULES.keep_describe(description, root)
    return description


def load(describe_file=None, root=ROOT):
    """The package: from a saved `describe` output when given (tests), else by running `describe`."""
    if describe_file:
        with open(describe_file, encoding="utf-8") as handle:
            return Package(json.load(handle), root)
    return Package(describe(root), root)


class Package:
    def __init__(self, description, root=ROOT):
        self.root = root
        self.targets = {t["name"]: t for t in description["targets"]}

    def dependencies(self, name):
        """The targets (libraries, executables, build plugins) `name` depends on directly."""
        return [d for d in self.targets[name].get("target_dependencies", []) if d in self.targets]

    def products(self, name):
        """The external package products `name` depends on directly."""
        return list(self.targets[name].get("product_dependencies", []))

    def closure(self, name):
        """`name` and every target it depends on, directly or not."""
        seen, work = {name}, [name]
        while work:
            for dependency in self.dependencies(work.pop()):
                if dependency not in seen:
                    seen.add(dependency)
                    work.append(dependency)
        return seen

    def path_to(self, start, goal):
        """The shortest dependency chain from `start` down to `goal` ([start, ..., goal]), or None."""
        previous, queue = {start: None}, [start]
        for name in queue:
            if name == goal:
                chain = []
                while name is not None:
                    chain.append(name)
                    name = previous[name]
                return chain[::-1]
            for dependency in sorted(self.dependencies(name)):
                if dependency not in previous:
                    previous[dependency] = name
                    queue.append(dependency)
        return None

    def suites(self):
        return sorted(name for name, t in self.targets.items() if t["type"] == "test")

    def features(self):
        return sorted(name for name, t in self.targets.items() if t["path"].startswith(FEATURES_FOLDER))

    def feature_named(self, text):
        """The feature target for a folder name (`Recipes`) or a target name (`RecipesFeature`), or None."""
        for name in self.features():
            if text in (name, self.targets[name]["path"][len(FEATURES_FOLDER):]):
                return name
        return None

    def kind(self, name):
        target = self.targets[name]
        if target["type"] == "test":
            return "suite"
        if target["type"] == "plugin":
            return "plugin"
        if target["path"].startswith(FEATURES_FOLDER):
            return "feature"
        if target["type"] == "executable" and target["path"].startswith(("Apps/", "Benchmarks/")):
            return "app"
        if target["path"].startswith("Tests/") or name.endswith("Testing"):
            return "testing"
        if name == COMPOSITION_ROOT:
            return "root"
        if name in FRONT_ENDS:
            return "frontend"
        if name in LIVE_TARGETS:
            return "live"
        if name in CONTRACT:
            return "contract"
        if name in INTERFACES:
            return "interface"
        return "library"

    def owner_of(self, path):
        """The target whose folder holds `path` (the deepest one: a feature's integration suite lives inside its
        unit suite's folder), or None. A target that lists the file among its sources comes first: FeatureKit
        compiles a few files of Assembly/, the folder of FeatureAssembly, which excludes them."""
        best = None
        for name, target in self.targets.items():
            folder = target["path"].rstrip("/") + "/"
            if path.startswith(folder) and path[len(folder):] in target.get("sources", []):
                return name
            if path.startswith(folder) and (best is None or len(folder) > len(self.targets[best]["path"]) + 1):
                best = name
        return best

    def source_text(self, name):
        """The text of a target's Swift sources, for telling which suites read a data folder."""
        target = self.targets[name]
        texts = []
        for source in target.get("sources", []):
            if source.endswith(".swift"):
                try:
                    with open(os.path.join(self.root, target["path"], source), encoding="utf-8", errors="replace") as f:
                        texts.append(f.read())
                except OSError:
                    pass
        return "\n".join(texts)
