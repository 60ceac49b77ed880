"""The test-result cache of `make test` (Scripts/run-tests): a suite whose inputs' hash passed before is skipped.

A suite's inputs, hashed together (SHA-256 over each file's path and content):
  - every file in the folder of each target of its closure (the package graph: `swift package describe`, whole
    package), whatever its kind: sources, resources, fixtures, golden frames, READMEs; a build plugin in the closure
    also brings what it reads outside its targets (PLUGIN_INPUTS; a plugin not named there: the whole checkout);
  - the manifest and what it reads: Package.swift, Package.resolved (the external packages' pinned versions), every
    `Modules/Features/*/feature.json`;
  - the whole checkout (every file git tracks or does not ignore) when the suite's own Swift files find files from
    their own path (`#filePath`, `#file`) or the working directory: they may read any of them (golden frames of
    other folders, scenarios, the apps' folders);
  - the toolchain (`swift --version`, and where swift is), the build and test flags, the environment variables
    tests read (ENVIRONMENT, and every KUMIKI_… but the runner's own), and the versions of the system packages
    make bootstrap installs (tmux, zsh, fish, chromium, libcurl, SQLite: the tests run them).
When unsure, more is hashed: a change to a suite's closure's README re-runs it. A pass is recorded only when the
suite's hash after its run is the one before it (no input changed while it ran), and only for a clean pass (a flaky
pass is not recorded). Records live in `.build/test-cache/<Suite>/<hash>.json`, each with the list of inputs, so a
suite that runs again says which inputs changed since its last recorded pass.
"""
import fnmatch
import hashlib
import json
import os
import re
import subprocess
import time

# Environment variables a test's result may depend on (with every KUMIKI_… variable not in RUNNER_VARIABLES).
ENVIRONMENT = ["CI", "PATH", "TERM", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "HOME", "TMUX", "SHELL"]
# Not inputs of a test: the selection, the runner's own settings, and make's digest of the feature folders (what it
# digests is hashed as files: feature.json with the manifest, the folders with the closures).
RUNNER_VARIABLES = {"KUMIKI_MODULES", "KUMIKI_AFFECTED", "KUMIKI_AFFECTED_DESCRIBE", "KUMIKI_DESCRIBE_CACHE",
                    "KUMIKI_TEST_LIMIT", "KUMIKI_TEST_STDBUF", "KUMIKI_TEST_FORCE", "KUMIKI_FEATURE_FOLDERS"}
# What a build plugin reads besides its own folder (globs from the package root).
PLUGIN_INPUTS = {
    "FeatureFixtures": ["Modules/Features/*/fixtures.json"],
    "FeatureList": ["Modules/Features/*/feature.json"],
}
MANIFEST_INPUTS = ["Package.swift", "Package.resolved", "Modules/Features/*/feature.json"]
READS_CHECKOUT = re.compile(r"#filePath|#file\b|#fileID|currentDirectoryPath|changeCurrentDirectoryPath")
# make bootstrap's packages (Scripts/bootstrap): the tests run tmux, the shells, chromium, and link libcurl and SQLite.
SYSTEM_PACKAGES = ["libcurl4-openssl-dev", "libsqlite3-dev", "tmux", "zsh", "fish", "chromium", "python3", "gdb"]


class Inputs:
    """Digests of the checkout's files (memoised for one run) and of what every suite shares."""

    def __init__(self, root, swift, flags, environ):
        self.root = root
        self.memo = {}
        self.listing = None
        self.shared = self._shared(swift, flags, environ)

    def _shared(self, swift, flags, environ):
        try:
            version = subprocess.run(swift + ["--version"], capture_output=True, text=True, cwd=self.root,
                                     timeout=120).stdout
        except (OSError, subprocess.TimeoutExpired) as error:
            version = f"unknown: {error}"
        tool = swift[0]
        for folder in environ.get("PATH", "").split(os.pathsep):
            candidate = os.path.join(folder, tool)
            if "/" not in tool and os.access(candidate, os.X_OK):
                tool = os.path.realpath(candidate)
                break
        variables = {k: environ.get(k, "") for k in ENVIRONMENT}
        variables.update({k: v for k, v in environ.items() if k.startswith("KUMIKI_") and k not in RUNNER_VARIABLES})
        try:
            packages = subprocess.run(["dpkg-query", "-W", "-f", "${Package} ${Version}\n", *SYSTEM_PACKAGES],
                                      capture_output=True, text=True).stdout
        except OSError:
            packages = "no dpkg"
        return {"toolchain": version.strip(), "swift": tool, "flags": flags, "environment": variables,
                "packages": packages.strip()}

    def files(self):
        """Every file of the checkout git tracks or does not ignore (paths from the root)."""
        if self.listing is None:
            out = subprocess.run(["git", "-C", self.root, "ls-files", "-z", "--cached", "--others",
                                  "--exclude-standard"], capture_output=True)
            if out.returncode == 0:
                listed = out.stdout.decode(errors="surrogateescape").split("\0")
            else:  # not a git checkout: every file but the build folders
                listed = []
                for directory, folders, names in os.walk(self.root):
                    folders[:] = [f for f in folders if f not in (".build", ".git", ".swiftpm")]
                    listed += [os.path.relpath(os.path.join(directory, n), self.root) for n in names]
            self.listing = sorted(p for p in set(listed) if p and os.path.isfile(os.path.join(self.root, p)))
        return self.listing

    def digest(self, path, fresh=False):
        if fresh or path not in self.memo:
            sha = hashlib.sha256()
            try:
                with open(os.path.join(self.root, path), "rb") as handle:
                    for block in iter(lambda: handle.read(1 << 20), b""):
                        sha.update(block)
                self.memo[path] = sha.hexdigest()
            except OSError:
                self.memo[path] = "missing"
        return self.memo[path]

    def under(self, folder):
        prefix = folder.rstrip("/") + "/"
        return [p for p in self.files() if p.startswith(prefix)]

    def matching(self, pattern):
        return [p for p in self.files() if fnmatch.fnmatchcase(p, pattern)]


def reads_checkout(package, suite, inputs):
    """Whether a Swift file in the suite's folder finds files by its own path or the working directory."""
    for path in inputs.under(package.targets[suite]["path"]):
        if path.endswith(".swift") and package.owner_of(path) == suite:  # not a nested suite's (Integration/)
            try:
                with open(os.path.join(inputs.root, path), encoding="utf-8", errors="replace") as handle:
                    if READS_CHECKOUT.search(handle.read()):
                        return True
            except OSError:
                return True  # cannot tell: assume it does
    return False


def suite_inputs(package, suite, inputs):
    """{path: why} for every file `suite` depends on."""
    paths = {}
    if reads_checkout(package, suite, inputs):
        for path in inputs.files():
            paths[path] = "the checkout (its sources find files by their own path)"
    for pattern in MANIFEST_INPUTS:
        for path in inputs.matching(pattern):
            paths.setdefault(path, "the manifest")
    for name in sorted(package.closure(suite)):
        target = package.targets[name]
        for path in inputs.under(target["path"]):
            paths.setdefault(path, name)
        if target["type"] == "plugin":
            patterns = PLUGIN_INPUTS.get(name)
            for path in (inputs.files() if patterns is None else
                         [p for pattern in patterns for p in inputs.matching(pattern)]):
                paths.setdefault(path, f"read by the {name} plugin")
    return paths


def suite_hash(package, suite, inputs, fresh=False):
    """(hash, {path: digest}) of a suite's inputs."""
    paths = suite_inputs(package, suite, inputs)
    files = {path: inputs.digest(path, fresh) for path in sorted(paths)}
    sha = hashlib.sha256()
    sha.update(json.dumps({"suite": suite, "shared": inputs.shared}, sort_keys=True).encode())
    for path, digest in files.items():
        sha.update(f"{path}\0{digest}\n".encode(errors="surrogateescape"))
    return sha.hexdigest(), files


class Store:
    """`.build/test-cache/<Suite>/<hash>.json`: the suites that passed, by the hash of their inputs."""

    def __init__(self, folder):
        self.folder = folder

    def path(self, suite, digest):
        return os.path.join(self.folder, suite, digest + ".json")

    def passed(self, suite, digest):
        try:
            with open(self.path(suite, digest), encoding="utf-8") as handle:
                return json.load(handle)
        except (OSError, ValueError):
            return None

    def record(self, suite, digest, files, shared, tests, seconds, commit):
        os.makedirs(os.path.join(self.folder, suite), exist_ok=True)
        entry = {"suite": suite, "hash": digest, "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                 "commit": commit, "tests": tests, "seconds": round(seconds, 1), "inputs": files, "shared": shared}
        temporary = self.path(suite, digest) + ".tmp"
        with open(temporary, "w", encoding="utf-8") as handle:
            json.dump(entry, handle, sort_keys=True)
        os.replace(temporary, self.path(suite, digest))
        with open(os.path.join(self.folder, suite, "last"), "w", encoding="utf-8") as handle:
            handle.write(digest + "\n")

    def changed_since_last(self, suite, files, shared):
        """The inputs that differ from the suite's last recorded pass (None when none is recorded): the files, then
        the parts of what every suite shares (`toolchain`, `flags`, `environment` (the variables named),
        `packages`)."""
        try:
            with open(os.path.join(self.folder, suite, "last"), encoding="utf-8") as handle:
                last = self.passed(suite, handle.read().strip())
        except OSError:
            last = None
        if not last:
            return None
        before = last.get("inputs", {})
        changed = [p for p in sorted(set(before) | set(files)) if before.get(p) != files.get(p)]
        was = last.get("shared", {})
        for key in sorted(set(was) | set(shared)):
            if key == "environment" and isinstance(was.get(key), dict):
                names = sorted(n for n in set(was[key]) | set(shared[key]) if was[key].get(n) != shared[key].get(n))
                changed += [f"${n}" for n in names]
            elif was.get(key) != shared.get(key):
                changed.append(f"the {key}")
        return changed
